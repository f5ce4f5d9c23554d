import PipeDSL

extension ExportCheck {
  /// Why a cure of issue 32 (hedging, bulkheads, rate limits, retry budgets) is not written
  /// in `library`, or nil for any other stage. None of the three libraries has the operator,
  /// and a faithful helper needs what pipe keeps for the whole session: a bulkhead's or a
  /// budget's state shared by name across every pipeline, a token bucket on the clock.
  static func cureReason(_ stage: Stage, library: ExportLibrary) -> String? {
    guard case .operator(let op) = stage.kind else { return nil }
    switch op.name.text {
    case "hedge":
      return "\(library.title) has no hedging operator: write it by hand, racing delayed "
        + "resubscriptions (amb/race) while ignoring an attempt's error until the last, as "
        + "Polly's hedging does"
    case "bulkhead":
      return "\(library.title) has no bulkhead, and pipe's is shared by name by every pipeline "
        + "of the session: write it by hand around a semaphore of N slots and a queue of M"
    case "rateLimit":
      return "\(library.title) has no rate limiter, and pipe's is shared by name by every pipeline "
        + "of the session: write it by hand as a counter of N tokens reset every D (resilience4j's "
        + "semantics), failing a subscription that finds none with its time to the next reset"
    case "retryWhen" where ((op.callArguments ?? []) + op.arguments).contains(where: namesBudget):
      return "\(library.title) has no retry budget, and pipe's is one for every subscription of "
        + "the stage: write it by hand as counts of requests and retries over the last 10 s "
        + "(Finagle's RetryBudget), asked before each retry"
    default: return nil
    }
  }

  /// Whether a strategy argument is, or holds in a dict, `budget(...)`.
  private static func namesBudget(_ arg: Arg) -> Bool {
    switch arg.kind {
    case .call(let call): return call.name.text == "budget"
    case .dict(let entries): return entries.contains { namesBudget($0.value) }
    default: return false
    }
  }
}
