import Operators

enum StrategyCatalogue {
  /// The strategies of `retryWhen`.
  static var all: [StrategyEntry] {
    [backoff, constant, linear, exponential, binaryExponential, immediate] + waitingStrategies
      + budgetStrategies
  }

  static let backoff = StrategyEntry(
    name: "backoff", signature: "backoff(d1, d2, ...)",
    doc: "After the k-th error waits dk and subscribes again; the error after the last delay "
      + "is let through. Bare numbers are seconds: backoff(1, 3, 5, 10) resubscribes at most "
      + "four times, 1, 3, 5 and 10 s after each failure.",
    examples: [
      Example(
        "set weather.faults \"500,500,ok\"; weather \"London\" | retryWhen backoff(1, 3, 5, 10) | map { .city }",
        prints: "London")
    ], arity: 1...Int.max
  ) { context in
    let reader = context.readerContext
    let delays = context.positional.map(reader.duration)
    guard !delays.contains(where: { $0 == nil }) else { return nil }
    return .delays(.delays(delays.map { $0! }))
  }

  static let constant = StrategyEntry(
    name: "constant", signature: "constant(d, times: n)", doc: "Waits d after every error, n times.",
    examples: [
      Example(
        "cold [\"#\", \"#\", \"a|\"] | retryWhen constant(2s, times: 3) | marbles",
        prints: """
                                               0s        1s        2s        3s        4s
                                               ┬─────────┬─────────┬─────────┬─────────┬
          cold ["#", "#", "a|"]             1  ^#
                                           ↻2                      ^#
                                           ↻3                                          ^a|
          retryWhen constant(2s, times: 3)     ^───────────────────────────────────────a|
          # = error: error from a marble diagram
          ^ subscribe  # error  | complete  ↻2 subscribed again
          """)
    ], labels: ["times"], arity: 1...1
  ) { context in
    guard let delay = context.readerContext.duration(context.positional[0]), let times = context.times()
    else {
      return nil
    }
    return .delays(.constant(delay, times: times))
  }

  static let linear = StrategyEntry(
    name: "linear", signature: "linear(d, times: n)", doc: "Waits d, 2d, 3d, ... after each error, n times.",
    examples: [
      Example(
        "cold [\"#\", \"#\", \"#\", \"a|\"] | retryWhen linear(1s, times: 4) | marbles",
        prints: """
                                             0s            2s            4s            6s
                                             ┬─────────────┬─────────────┬─────────────┬
          cold ["#", "#", "#", "a|"]      1  ^#
                                         ↻2         ^#
                                         ↻3                       ^#
                                         ↻4                                            ^a|
          retryWhen linear(1s, times: 4)     ^─────────────────────────────────────────a|
          # = error: error from a marble diagram
          ^ subscribe  # error  | complete  ↻2 subscribed again
          """)
    ], labels: ["times"], arity: 1...1
  ) { context in
    guard let delay = context.readerContext.duration(context.positional[0]), let times = context.times()
    else {
      return nil
    }
    return .delays(.linear(delay, times: times))
  }

  static let exponential = StrategyEntry(
    name: "exponential",
    signature: "exponential(initial, factor: 2, max: 30s, jitter: none|full|equal|decorrelated, times: n)",
    doc: "Waits initial × factor^(k-1) after the k-th error, capped at max, spread by jitter "
      + "(AWS's definitions; seeded by `seed`, so runs repeat), n times.",
    examples: [
      Example(
        "cold [\"#\", \"#\", \"#\", \"a|\"] | retryWhen exponential(1s, max: 30s, times: 8) | marbles",
        prints: """
                                               0s         2s          4s         6s
                                               ┬──────────┬───────────┬──────────┬──────
          cold ["#", "#", "#", "a|"]        1  ^#
                                           ↻2        ^#
                                           ↻3                   ^#
                                           ↻4                                          ^a|
          retryWhen exponential(1s, max: …     ^───────────────────────────────────────a|
          # = error: error from a marble diagram
          ^ subscribe  # error  | complete  ↻2 subscribed again
          """)
    ],
    labels: ["factor", "max", "jitter", "times"], arity: 1...1
  ) { context in
    let reader = context.readerContext
    guard let initial = reader.duration(context.positional[0]), let times = context.times() else {
      return nil
    }
    var factor = 2.0
    var cap = Time.seconds(30)
    var jitter = Jitter.none
    if let arg = context.label("factor") {
      guard let value = reader.number(arg), (1...100).contains(value) else {
        context.report(.badFactor(at: arg.span))
        return nil
      }
      factor = value
    }
    if let arg = context.label("max") {
      guard let value = reader.duration(arg) else { return nil }
      cap = value
    }
    if let arg = context.label("jitter") {
      guard let word = reader.word(arg) else { return nil }
      guard let value = Jitter(rawValue: word.text) else {
        context.report(.unknownJitter(word, among: Jitter.allCases.map(\.rawValue)))
        return nil
      }
      jitter = value
    }
    return .delays(.exponential(initial: initial, factor: factor, max: cap, jitter: jitter, times: times))
  }

  static let binaryExponential = StrategyEntry(
    name: "binaryExponential", signature: "binaryExponential(interval, times: n)",
    doc: "After the k-th error waits 2^k × interval (2, 4, 8, 16 × interval), n times.",
    examples: [
      Example(
        "cold [\"#\", \"#\", \"#\", \"a|\"] | retryWhen binaryExponential(1s, times: 4) | marbles",
        prints: """
                                               0s            5s             10s  14.001s
                                               ┬─────────────┬──────────────┬───────────
          cold ["#", "#", "#", "a|"]        1  ^#
                                           ↻2        ^#
                                           ↻3                   ^#
                                           ↻4                                          ^a|
          retryWhen binaryExponential(1s,…     ^───────────────────────────────────────a|
          # = error: error from a marble diagram
          ^ subscribe  # error  | complete  ↻2 subscribed again
          """)
    ], labels: ["times"], arity: 1...1
  ) { context in
    guard let interval = context.readerContext.duration(context.positional[0]), let times = context.times()
    else {
      return nil
    }
    return .delays(.binaryExponential(interval, times: times))
  }

  static let immediate = StrategyEntry(
    name: "immediate", signature: "immediate(n)", doc: "Subscribes again at once, n times.",
    examples: [
      Example(
        "cold [\"#\", \"#\", \"a|\"] | retryWhen immediate(3) | marbles",
        prints: """
                                     0ms                                               1ms
                                     ┬───────────────────────────────────────────────────┬
          cold ["#", "#", "a|"]   1  ^#
                                 ↻2  ^#
                                 ↻3  ^a──────────────────────────────────────────────────|
          retryWhen immediate(3)     ^a──────────────────────────────────────────────────|
          # = error: error from a marble diagram
          ^ subscribe  # error  | complete  ↻2 subscribed again
          """)
    ], arity: 1...1
  ) { context in
    guard let times = context.readerContext.integer(context.positional[0]) else { return nil }
    return .delays(.immediate(times))
  }
}

extension StrategyContext {
  /// The `times:` label, required by the counted strategies.
  func times() -> Int? {
    guard let arg = label("times") else {
      let signature = compiler.catalogue.strategies[name.text]?.signature
      report(.missingTimes(name.text, at: span, signature: signature))
      return nil
    }
    return readerContext.integer(arg)
  }
}

extension CompiledStrategy {
  /// A strategy of delays: each error waits the schedule's next delay, or the error's
  /// `retryAfter` (a service's `Retry-After`) when that is longer and the `retryAfter` setting
  /// is on; past the schedule's end the error is let through.
  static func delays(_ strategy: RetryStrategy) -> CompiledStrategy {
    CompiledStrategy(schedule: strategy) { env in
      var schedule = strategy.makeSchedule(seed: env.seed)
      return { error, count in
        guard let next = schedule.next() else { return .error(error) }
        let delay = honouring(error.retryAfter, next, settings: env.runtime.settings)
        if delay == .zero { return .just(.int(count)) }
        return Observable<Int>.timer(delay, scheduler: env.runtime.scheduler).map { _ in .int(count) }
      }
    }
  }

  /// `delay`, or `retryAfter` when it is longer and the `retryAfter` setting is not `off`.
  static func honouring(_ retryAfter: Time?, _ delay: Time, settings: Settings) -> Time {
    guard let retryAfter, settings["retryAfter"] != .string("off") else { return delay }
    return max(delay, retryAfter)
  }
}
