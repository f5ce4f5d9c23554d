import Operators

extension Catalogue {
  static var timingEntries: [CatalogueEntry] { [delay, debounce, throttle] }

  static let delay = timed(
    "delay",
    doc: "Shifts every value and the completion later by the duration. As in RxSwift, an "
      + "error is not delayed: it passes at once and values still waiting are dropped.",
    marble: Marble("a-b|", "delay 2ms", "--a-b|"),
    examples: [
      Example(
        "of(1, 2) | delay 1s",
        prints: """
          1
          2
          """)
    ]
  ) { $0.delay($1, scheduler: $2) }

  static let debounce = timed(
    "debounce", doc: "Emits a value only once the duration has passed without another one.",
    marble: Marble("ab---c|", "debounce 2ms", "---b--(c|)"),
    examples: [
      Example(
        "cold \"a-b 500ms c|\" | debounce 100ms",
        prints: """
          b
          c
          """)
    ]
  ) { $0.debounce($1, scheduler: $2) }

  static let throttle = CatalogueEntry(
    name: "throttle", role: .transform, signature: "throttle DURATION [latest: false]",
    doc: "Emits the first value, then at most one per duration: the latest seen (RxSwift's "
      + "throttle with latest: true). With latest: false, the values within the duration are "
      + "dropped: the next one after it passes at once.",
    marble: Marble("abc---d|", "throttle 3ms", "a--c--d|"),
    examples: [
      Example(
        "every 100ms | throttle 1s | take 3",
        prints: """
          0
          9
          19
          """),
      Example(
        "every 100ms | throttle 1s latest: false | take 3",
        prints: """
          0
          10
          20
          """),
    ],
    options: ["latest"], arity: 1...1
  ) { context in
    guard let time = context.read.duration(context.positional[0]) else { return nil }
    var latest = true
    if let option = context.option("latest") {
      guard let arg = option.value, case .literal(.bool(let value)) = arg.kind else {
        context.report(.latestIsABool(at: option.name.span))
        return nil
      }
      latest = value
    }
    return .transform { upstream, env in
      upstream.throttle(time, latest: latest, scheduler: env.runtime.scheduler)
    }
  }

  /// An operator written `NAME DURATION` that works on the session's clock.
  private static func timed(
    _ name: String, doc: String, marble: Marble?, examples: [Example],
    apply: @escaping (Observable<Value>, Time, any Scheduler) -> Observable<Value>
  ) -> CatalogueEntry {
    CatalogueEntry(
      name: name, role: .transform, signature: "\(name) DURATION", doc: doc, marble: marble,
      examples: examples,
      arity: 1...1
    ) { context in
      guard let time = context.read.duration(context.positional[0]) else { return nil }
      return .transform { upstream, env in apply(upstream, time, env.runtime.scheduler) }
    }
  }
}
