import Operators

extension Catalogue {
  /// `catch`, `catchAndReturn`, `retry`, `retryWhen`, `timeout`, and the error-value,
  /// side-effect and resilience families.
  static var errorEntries: [CatalogueEntry] {
    [catchEntry, catchAndReturn, retry, retryWhen, timeout] + errorValueEntries + sideEffectEntries
      + resilienceEntries + cureEntries + rateLimitEntries
  }

  static let catchEntry = CatalogueEntry(
    name: "catch", role: .errors, signature: "catch cache | empty | just VALUE | (PIPELINE) | ask",
    doc: "Replaces a failed stream, at the moment of the error, by a fallback: `cache` (the last "
      + "good value of the upstream source for the same arguments; if there is none, the stream "
      + "completes quietly, as the book's app falls back to an empty reading), `empty` (complete "
      + "quietly), `just VALUE`, a sub-pipeline (in which `.` is the "
      + "error record), or `ask` (ask the person: retry, a default value, or fail).",
    marble: Marble("a-b-#", "catch just \"c\"", "a-b-(c|)"),
    examples: [Example("weather \"London\" | catch cache | map { .city }", prints: "London")],

    arity: 1...2
  ) { context in
    guard let fallback = CatchFallback.read(context) else { return nil }
    return .passing { upstream, env in fallback.apply(to: upstream, env: env) }
  }

  static let catchAndReturn = CatalogueEntry(
    name: "catchAndReturn", role: .errors, signature: "catchAndReturn VALUE",
    doc: "On an error, emits the value and completes instead.",
    marble: Marble("a-b-#", "catchAndReturn \"v\"", "a-b-(v|)"),
    examples: [Example("fail serverFailure | catchAndReturn null", prints: "null")],
    arity: 1...1
  ) { context in
    guard let value = context.read.value(context.positional[0]) else { return nil }
    return .passing { upstream, env in upstream.catch { _ in .just(try value(env)) } }
  }

  static let retry = CatalogueEntry(
    name: "retry", role: .errors, signature: "retry [N]",
    doc: "Subscribes again to everything upstream when it fails. `retry N` subscribes at most N "
      + "times IN TOTAL, as RxSwift counts: `retry 3` with three failures still fails, and "
      + "`retry 0` completes at once. (Combine's `retry(3)` counts re-subscriptions instead: it "
      + "would subscribe four times.) Values of failed attempts are not taken back.",
    marble: Marble("a-#", "retry 3", "a-a-a-#"),
    examples: [Example("cold [\"-#\", \"-#\", \"-(a|)\"] | retry 3", prints: "a")],
    options: ["when"], arity: 0...1
  ) { context in
    if let when = context.option("when") {
      context.report(.retryWhenOldName(at: when.name.span))
      guard let arg = when.value, let strategy = StrategyCompiler.compile(arg, context) else { return nil }
      return .passing { upstream, env in RetryWhenPlan(strategy: strategy).apply(to: upstream, env: env) }
    }
    guard let arg = context.argument(0) else { return .passing { upstream, _ in upstream.retry() } }
    guard let count = context.read.integer(arg) else { return nil }
    return .passing { upstream, _ in upstream.retry(count) }
  }

  static let retryWhen = CatalogueEntry(
    name: "retryWhen", role: .errors, signature: "retryWhen STRATEGY [max N] [on KINDS]",
    doc: "Decides after each error whether and when to subscribe again, by a strategy: "
      + "`backoff(1, 3, 5, 10)`, `constant`, `linear`, `exponential`, `binaryExponential`, "
      + "`immediate(n)`, `until(setting)`, `online`, `ask`, `never`, a dict by error kind "
      + "(`[invalidKey: until(weather.apiKey), *: backoff(1, 2)]`), or the general Rx form "
      + "`(errors | ...)`, whose elements trigger a retry. `max N` caps the retries; `on KINDS` "
      + "retries only those kinds and lets others through at once, without asking the strategy "
      + "(RxSwift's `retry(when:)` typed to one error). `:schedule STRATEGY` prints the delays.",
    marble: Marble("a-#", "retryWhen constant(3ms, times: 1)", "a----a-#"),
    examples: [
      Example(
        "set weather.faults \"500,500,ok\"; weather \"London\" | retryWhen backoff(1, 3, 5, 10) | map { .city }",
        prints: "London")
    ],
    options: ["max", "on"], arity: 1...1
  ) { context in
    guard let strategy = StrategyCompiler.compile(context.positional[0], context) else { return nil }
    var plan = RetryWhenPlan(strategy: strategy)
    if let max = context.option("max") {
      guard let arg = max.value, let count = context.read.integer(arg) else { return nil }
      plan.max = count
    }
    if let on = context.option("on") {
      guard let arg = on.value, let kinds = context.read.kinds(arg) else { return nil }
      plan.kinds = kinds
    }
    return .passing { upstream, env in plan.apply(to: upstream, env: env) }
  }

  static let timeout = CatalogueEntry(
    name: "timeout", role: .errors, signature: "timeout DURATION [(PIPELINE)]",
    doc: "Fails with a timeout error if no event comes within the duration; the clock restarts "
      + "with every value. With a sub-pipeline (RxSwift's timeout(_:other:)), switches to it "
      + "instead at that moment, and the upstream is disposed: the classic \"give up and use the "
      + "cache\".",
    marble: Marble("a----", "timeout 2ms", "a-#"),
    examples: [
      Example("never | timeout 2s | catchAndReturn \"late\"", prints: "late"),
      Example(
        "cold \"a 5s b|\" | timeout 2s (just \"cached\")",
        prints: """
          a
          cached
          """),
    ],
    arity: 1...2
  ) { context in
    guard let time = context.read.duration(context.positional[0]) else { return nil }
    guard let otherArg = context.argument(1) else {
      return .passing { upstream, env in upstream.timeout(time, scheduler: env.runtime.scheduler) }
    }
    guard let other = context.read.pipeline(otherArg, parent: context.node) else { return nil }
    return .passing { upstream, env in
      upstream.timeout(
        time, other: .deferred { other.build(env) },
        scheduler: env.runtime.scheduler)
    }
  }
}

extension ArgumentReader {
  /// An error kind or a list of them: `timeout`, `[timeout, offline]`.
  func kinds(_ arg: Arg) -> Set<String>? {
    if case .list(let items) = arg.kind {
      let names = items.map(word)
      return names.contains { $0 == nil } ? nil : Set(names.map { $0!.text })
    }
    return word(arg).map { [$0.text] }
  }
}
