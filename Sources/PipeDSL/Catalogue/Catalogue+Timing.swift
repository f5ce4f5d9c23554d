import Operators

extension Catalogue {
  static var timingEntries: [CatalogueEntry] { [delay, debounce, throttle] }

  static let delay = timed(
    "delay",
    doc: "Shifts every value and the completion later by the duration. As in RxSwift, an "
      + "error is not delayed: it passes at once and values still waiting are dropped.",
    marble: "a-b|  →  --a-b|", example: "of(1, 2) | delay 1s"
  ) { $0.delay($1, scheduler: $2) }

  static let debounce = timed(
    "debounce", doc: "Emits a value only once the duration has passed without another one.",
    marble: "ab---c|  →  --b---c|", example: "cold \"a-b 500ms c|\" | debounce 100ms"
  ) { $0.debounce($1, scheduler: $2) }

  static let throttle = timed(
    "throttle",
    doc: "Emits the first value, then at most one per duration: the latest seen (RxSwift's "
      + "throttle with latest: true).",
    marble: "abc---d|  →  a-c---d|", example: "every 100ms | throttle 1s | take 3"
  ) { $0.throttle($1, scheduler: $2) }

  /// An operator written `NAME DURATION` that works on the session's clock.
  private static func timed(
    _ name: String, doc: String, marble: String, example: String,
    apply: @escaping (Observable<Value>, Time, any Scheduler) -> Observable<Value>
  ) -> CatalogueEntry {
    CatalogueEntry(
      name: name, role: .transform, signature: "\(name) DURATION", doc: doc, marble: marble, example: example,
      arity: 1...1
    ) { context in
      guard let time = context.read.duration(context.positional[0]) else { return nil }
      return .transform { upstream, env in apply(upstream, time, env.runtime.scheduler) }
    }
  }
}
