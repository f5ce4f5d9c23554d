import PipeDSL

extension CombineWriter {
  /// catch, retry, throwIf...; returns whether the chain now never fails.
  func errorStage(_ meaning: Meaning, text: String, into chain: inout Chain, neverFails: Bool) -> Bool {
    switch meaning {
    case .catchFallback(let fallback): return catchStage(fallback, into: &chain)
    case .catchAndReturn(let arg):
      if case .literal(.null) = arg.kind {
        chain.add(".map { Optional($0) }")
        chain.add(".replaceError(with: nil)")
      } else {
        chain.add(".replaceError(with: \(SwiftCode.literal(arg, context: context)))")
      }
      return true
    case .throwIf(let expr, let kind):
      let raised = kind.map { context.kind($0) } ?? "value"
      chain.add(
        ".tryMap { value in\n    if \(checkedExpression(expr, element: "value").text) { throw \(raised) }\n    return value\n}"
      )
    case .mapError(let expr):
      if case .record(let entries) = expr.kind,
        let error = SwiftCode.error(from: entries, element: "error", context: context)
      {
        chain.add(".mapError { error in \(error) }", comment: "a record with a kind is the new error")
        return false
      }
      context.readErrorRecord()
      chain.add(
        ".mapError { error in PipeError(error.kind, message: \(expression(expr, element: "error"))) }")
    case .action(let event, let action): addAction(event, action, into: &chain)
    case .retry(let attempts): retry(attempts, into: &chain)
    case .retryWhen(let strategy, let max, let on): retryWhen(strategy, max: max, on: on, into: &chain)
    case .timeout(let seconds):
      chain.add(
        ".timeout(\(stride(seconds)), scheduler: scheduler, customError: { \(context.kind("timeout")) })",
        comment: "without customError it would complete; "
          + ExportCheck.timeoutTick(fails: "fail", of: "a sequence's publisher"))
    case .timeoutElse(let seconds, let other):
      chain.add(
        ".timeout(\(stride(seconds)), scheduler: scheduler, customError: { \(context.kind("timeout")) })",
        comment: "Combine's timeout has no fallback stream: a catch switches to it; "
          + ExportCheck.timeoutTick(fails: "switch", of: "a sequence's publisher"))
      chain.add(
        ".catch " + closure(other, parameter: "error"),
        comment: "unlike RxSwift's timeout(_:other:), this also replaces an error of the upstream")
    case .circuitBreaker(let failures, let reset):
      context.use(CombineHelper.circuitBreaker.rawValue)
      let name = "breaker\(context.next())"
      context.declare(
        "let \(name) = CircuitBreaker(failures: \(failures), reset: \(stride(reset)), scheduler: scheduler)")
      chain.add(".circuitBreaker(\(name))")
    default:
      chain.add("// no faithful Combine translation: \(text)")
      return neverFails
    }
    return false
  }

  private func catchStage(_ fallback: Meaning.Fallback, into chain: inout Chain) -> Bool {
    switch fallback {
    case .empty:
      chain.add(".catch { _ in Empty<_, Never>() }")  // its Output is the stream's, which Swift infers
      return true
    case .just(let arg):
      chain.add(".catch { _ in Just(\(SwiftCode.literal(arg, context: context))) }")
      return true
    case .pipeline(let pipeline):
      chain.add(".catch " + closure(pipeline, parameter: "error", streamType: context.elementType))
    case .cache:
      context.declare(SwiftCode.cacheDeclaration)
      let key = dialect.string(chain.head)
      chain.add(".handleEvents(receiveOutput: { cache[\(key)] = $0 })")
      chain.add(
        ".catch { _ in (cache[\(key)] as? \(SwiftCode.cacheType(context.elementType, context: context))).publisher }",
        comment: "nothing cached: complete quietly")
      return true
    case .ask:
      chain.add("// catch ask: pipe asks the person (retry, default, fail); connect your own dialog here")
    }
    return false
  }

  private func addAction(_ event: Meaning.ActionEvent, _ action: Meaning.Action, into chain: inout Chain) {
    let body = SwiftCode.actionBody(action, element: event == .error ? "error" : "value", context: context)
    switch event {
    case .next: chain.add(".handleEvents(receiveOutput: { value in \(body) })")
    case .error:
      chain.add(
        ".handleEvents(receiveCompletion: { completion in\n    if case .failure\(action.readsElement ? "(let error)" : "") = completion { \(body) }\n})"
      )
    case .all:
      if case .log = action {
        chain.add(".print()")
      } else {
        chain.add(".handleEvents(receiveOutput: { value in \(body) })")
      }
    }
  }

  private func retry(_ attempts: Int?, into chain: inout Chain) {
    guard let attempts else { return chain.add(".retry(.max)", comment: "pipe's retry: until it succeeds") }
    if attempts == 0 {
      chain.add(".prefix(0)", comment: "pipe's retry 0 completes at once; Combine still subscribes")
    } else {
      chain.add(".retry(\(attempts - 1))", comment: "pipe's retry \(attempts): \(attempts) attempts in all")
    }
  }
}
