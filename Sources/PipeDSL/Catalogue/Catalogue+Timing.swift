import Operators

extension Catalogue {
  static var timingEntries: [CatalogueEntry] { [delay, debounce, throttle] }

  static let delay = CatalogueEntry(
    name: "delay", role: .transform, signature: "delay DURATION",
    doc: "Shifts every value and the completion later by the duration. As in RxSwift, an "
      + "error is not delayed: it passes at once and values still waiting are dropped.",
    marble: "a-b|  →  --a-b|", example: "of(1, 2) | delay 1s", arity: 1...1
  ) { context in
    guard let time = context.read.duration(context.positional[0]) else { return nil }
    return .transform { upstream, env in upstream.delay(time, scheduler: env.runtime.scheduler) }
  }

  static let debounce = CatalogueEntry(
    name: "debounce", role: .transform, signature: "debounce DURATION",
    doc: "Emits a value only once the duration has passed without another one.",
    marble: "ab---c|  →  --b---c|", example: "cold \"a-b 500ms c|\" | debounce 100ms", arity: 1...1
  ) { context in
    guard let time = context.read.duration(context.positional[0]) else { return nil }
    return .transform { upstream, env in upstream.debounce(time, scheduler: env.runtime.scheduler) }
  }

  static let throttle = CatalogueEntry(
    name: "throttle", role: .transform, signature: "throttle DURATION",
    doc: "Emits the first value, then at most one per duration: the latest seen (RxSwift's "
      + "throttle with latest: true).",
    marble: "abc---d|  →  a-c---d|", example: "every 100ms | throttle 1s | take 3", arity: 1...1
  ) { context in
    guard let time = context.read.duration(context.positional[0]) else { return nil }
    return .transform { upstream, env in upstream.throttle(time, scheduler: env.runtime.scheduler) }
  }
}
