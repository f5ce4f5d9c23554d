import Operators
import SplitMix

extension Catalogue {
  static var resilienceEntries: [CatalogueEntry] { [circuitBreaker, chaos] }

  /// What `circuitBreaker` counts and waits without its options: what its signature says and
  /// what `pipe export` writes.
  public static let circuitBreakerDefaults = (failures: 5, reset: Time.seconds(30))

  static let circuitBreaker = CatalogueEntry(
    name: "circuitBreaker", role: .errors, signature: "circuitBreaker(failures: 5, reset: 30s)",
    doc: "Counts consecutive failed subscriptions; at `failures` it opens and refuses every "
      + "subscription at once with circuitOpen, without asking upstream. After `reset` it is "
      + "half-open: one trial goes through; a value or completion closes it, a failure opens it "
      + "again. Put a retry after it to see it work.",
    marble: Marble("-#", "circuitBreaker(failures: 2) | retry 3", "--#", values: "[\"#\": circuitOpen]"),
    examples: [
      Example(
        "cold \"-#\" | circuitBreaker(failures: 2, reset: 5s) | retryWhen constant(1s, times: 8)",
        prints: """
          error: circuitOpen — the circuit breaker is open (circuitOpen) (at circuitBreaker(failures: 2, reset: 5s))
          """)
    ],
    options: ["failures", "reset"], arity: 0...0
  ) { context in
    var (failures, reset) = circuitBreakerDefaults
    if let option = context.option("failures") {
      guard let arg = option.value, let value = context.read.integer(arg, atLeast: 1) else { return nil }
      failures = value
    }
    if let option = context.option("reset") {
      guard let arg = option.value, let value = context.read.duration(arg) else { return nil }
      reset = value
    }
    return .transform { upstream, env in
      let breaker = CircuitBreaker(
        failureThreshold: failures, resetTimeout: reset, scheduler: env.runtime.scheduler)
      return upstream.circuitBreaker(breaker)
    }
  }

  static let chaos = CatalogueEntry(
    name: "chaos", role: .errors, signature: "chaos(rate: 0.3, kind: serverFailure, seed: 7)",
    doc: "Turns each value into an error with probability `rate`, from a seeded generator, so "
      + "the same run fails the same way every time. Each subscription draws anew.",
    marble: Marble("a-b-c|", "chaos(rate: 0.5, seed: 6)", "a-#"),
    examples: [Example("range(1, 5) | chaos(rate: 0.3) | retry 10 | collect", prints: "[1, 2, 3, 4, 5]")],
    options: ["rate", "kind", "seed"],
    arity: 0...0
  ) { context in
    var rate = 0.3
    var kind = "chaos"
    var seed: UInt64?
    if let option = context.option("rate") {
      guard let arg = option.value, let value = context.read.number(arg), (0...1).contains(value) else {
        context.report(.badRate(at: context.option("rate")!.span))
        return nil
      }
      rate = value
    }
    if let option = context.option("kind") {
      guard let arg = option.value, let value = context.read.word(arg) else { return nil }
      kind = value.text
    }
    if let option = context.option("seed") {
      guard let arg = option.value, let value = context.read.integer(arg) else { return nil }
      seed = UInt64(value)
    }
    return .transform { upstream, env in
      var attempt: UInt64 = 0
      return Observable.deferred {
        attempt += 1
        var generator = SeededRandom(seed: (seed ?? env.seed) &+ attempt &* 0x9E37_79B9)
        return upstream.map { value in
          if Double.random(in: 0..<1, using: &generator) < rate {
            throw PipeError(kind: kind, message: "chaos injected a \(kind) at \(value.visible)")
          }
          return value
        }
      }
    }
  }
}
