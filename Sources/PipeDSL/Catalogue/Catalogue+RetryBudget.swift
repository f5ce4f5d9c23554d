import Operators

/// `retryWhen budget(ratio, min: N per s, STRATEGY)`: Finagle's and Envoy's retry budget.
extension StrategyCatalogue {
  static var budgetStrategies: [StrategyEntry] { [budget] }

  /// Finagle's default reserve: 10 retries a second.
  static let defaultBudgetMinimum = Rate(10, per: .seconds(1))

  static let budget = StrategyEntry(
    name: "budget", signature: "budget(ratio, min: 10 per s, STRATEGY)",
    doc: "Finagle's retry budget: every subscription of the retryWhen is a request, every "
      + "retry takes from the budget, both counted over the last 10 s. A retry STRATEGY would "
      + "make is allowed while the retries of those 10 s stay within ratio (0 to 1) × the "
      + "requests of those 10 s, plus a reserve of `min` per second (10 s × min); otherwise the "
      + "error passes through at once, its message beginning 'retry budget spent'. The budget is "
      + "one for every subscription of the stage: every copy of `clients` draws on it.",
    examples: [
      Example(
        "cold [\"#\", \"a|\", \"#\", \"a|\", \"#\", \"a|\"] | retryWhen budget(0.5, min: 1 per 10s, immediate(3)) "
          + "| repeat 3 | catch (just .message) | show",
        prints: """
          a
          a
          retry budget spent (2 retries of 3 requests in 10s): error from a marble diagram
          """)
    ],
    labels: ["min"], arity: 2...2
  ) { context in
    let reader = context.readerContext
    let ratioArg = context.positional[0]
    let ratio = reader.number(ratioArg)
    if let ratio, !(0...1).contains(ratio) { context.report(.badBudgetRatio(at: ratioArg.span)) }
    var minimum: Rate? = defaultBudgetMinimum
    if let arg = context.label("min") { minimum = reader.rate(arg) }
    let strategyArg = context.positional[1]
    if case .pipeline = strategyArg.kind {
      context.report(.generalFormInBudget(strategyArg.span))
      return nil
    }
    let inner = StrategyCompiler.compile(
      strategyArg, compiler: context.compiler, hasDot: context.hasDot, parent: -1)
    guard let ratio, (0...1).contains(ratio), let minimum, let inner else { return nil }
    let budget = RetryBudget(ratio: ratio, minimum: minimum)
    return CompiledStrategy(schedule: inner.schedule) { env in
      let scheduler = env.runtime.scheduler
      let decide = inner.make(env)
      budget.deposit(at: scheduler.now)
      return { error, count in
        guard budget.tryWithdraw(at: scheduler.now) else {
          let (made, retried) = budget.counts(at: scheduler.now)
          var denied = error
          denied.message =
            "retry budget spent (\(retried) retries of \(made) requests in \(budget.window)): "
            + error.message
          return .error(denied)
        }
        // A strategy that lets the error through retried nothing: its token goes back.
        return decide(error, count).do(onError: { _ in budget.refund() })
      }
    }
  }
}

extension Diagnostic {
  /// `budget(1.5, ...)`.
  static func badBudgetRatio(at span: Span) -> Diagnostic {
    Diagnostic(
      id: .badRate, message: "the ratio of a retry budget is a number from 0 to 1", span: span,
      help: "Finagle's default is 0.2: a retry for every five requests")
  }

  /// `budget(0.1, (errors | ...))`.
  static func generalFormInBudget(_ span: Span) -> Diagnostic {
    Diagnostic(
      id: .generalFormInDict, message: "a retry budget takes a named strategy, not (errors | ...)",
      span: span, help: "write one such as exponential(1s, times: 8)")
  }
}
