import PipeDSL

extension RxSwiftWriter {
  func stage(_ meaning: Meaning, text: String, into chain: inout Chain) {
    if valueStage(meaning, into: &chain) || combining(meaning, into: &chain) { return }
    errorStage(meaning, text: text, into: &chain)
  }

  private func valueStage(_ meaning: Meaning, into chain: inout Chain) -> Bool {
    switch meaning {
    case .map(let expr): chain.add(".map " + SwiftCode.closure(checkedExpression(expr), of: expr))
    case .filter(let expr): chain.add(".filter " + SwiftCode.closure(checkedExpression(expr), of: expr))
    case .scan(let seed, let expr):
      chain.add(
        ".scan(\(dialect.literal(seed))) " + SwiftCode.scanClosure(expr, seed: seed, context: context).text)
    case .take(let count): chain.add(".take(\(count))")
    case .skip(let count): chain.add(".skip(\(count))")
    case .takeFor(let seconds): chain.add(".take(for: \(interval(seconds)), scheduler: \(scheduler))")
    case .skipFor(let seconds): chain.add(".skip(\(interval(seconds)), scheduler: \(scheduler))")
    case .takeWhile(let expr):
      chain.add(".take(while: " + SwiftCode.closure(checkedExpression(expr), of: expr) + ")")
    case .distinct:
      context.compares(context.elementType)
      chain.add(".distinctUntilChanged()")
    case .startWith(let arg): chain.add(".startWith(\(SwiftCode.literal(arg, context: context)))")
    case .enumerate:
      context.use("show")
      context.declare(SwiftCode.indexed)
      chain.add(".enumerated().map { Indexed(index: $0.index, value: $0.element) }")
    case .buffer(let count): chain.add(".buffer(timeSpan: .never, count: \(count), scheduler: \(scheduler))")
    case .bufferTimed(let count, let seconds):
      chain.add(".buffer(timeSpan: \(interval(seconds)), count: \(count), scheduler: \(scheduler))")
    case .delay(let seconds): chain.add(".delay(\(interval(seconds)), scheduler: \(scheduler))")
    case .debounce(let seconds): chain.add(".debounce(\(interval(seconds)), scheduler: \(scheduler))")
    case .throttle(let seconds):
      chain.add(".throttle(\(interval(seconds)), latest: true, scheduler: \(scheduler))")
    case .throttleFirst(let seconds):
      chain.add(".throttle(\(interval(seconds)), latest: false, scheduler: \(scheduler))")
    case .share: chain.add(".share()")
    case .repeatCount(let count?):
      chain = Chain(head: "Observable.concat(Array(repeating: \(chain.swiftInCall()), count: \(count)))")
    case .repeatCount(nil):
      chain.add("// repeat: RxSwift has no repeat; resubscribe on completion with concat")
    case .materialize:
      declareRecord()
      chain.add(".materializeRecords()", comment: "pipe's records: .event, .value, .error")
    case .dematerialize:
      declareRecord()
      chain.add(".dematerializeRecords()")
    default: return false
    }
    return true
  }

  private func combining(_ meaning: Meaning, into chain: inout Chain) -> Bool {
    switch meaning {
    case .flatMap(let pipeline): chain.add(".flatMap " + closure(pipeline, parameter: "value"))
    case .concatMap(let pipeline): chain.add(".concatMap " + closure(pipeline, parameter: "value"))
    case .flatMapLatest(let pipeline): chain.add(".flatMapLatest " + closure(pipeline, parameter: "value"))
    case .merge(let pipeline):
      chain = Chain(
        head: "Observable.merge(\(chain.swiftInCall()), \(inline(pipeline, streamType: context.elementType)))"
      )
    case .concat(let pipeline): chain.add(".concat(\(inline(pipeline, streamType: context.elementType)))")
    case .zip(let pipeline):
      chain = Chain(head: "Observable.zip(\(chain.swiftInCall()), \(inline(pipeline)))")
    case .combineLatest(let pipeline):
      chain = Chain(head: "Observable.combineLatest(\(chain.swiftInCall()), \(inline(pipeline)))")
    case .group(let pipeline): chain.links += self.chain(pipeline).0.links
    default: return false
    }
    return true
  }

  private func errorStage(_ meaning: Meaning, text: String, into chain: inout Chain) {
    switch meaning {
    case .catchFallback(let fallback): catchStage(fallback, into: &chain)
    case .catchAndReturn(let arg):
      if case .literal(.null) = arg.kind { chain.add(".map { Optional($0) }") }
      chain.add(".catchAndReturn(\(SwiftCode.literal(arg, context: context)))")
    case .throwIf(let expr, let kind):
      let raised = kind.map { context.kind($0) } ?? "value"
      chain.add(
        ".map { value in\n    if \(checkedExpression(expr, element: "value")) { throw \(raised) }\n    return value\n}"
      )
    case .mapError(let expr):
      if case .record(let entries) = expr.kind,
        let error = SwiftCode.error(from: entries, element: "error", context: context)
      {
        return chain.add(
          ".catch { error in throw \(error) }", comment: "a record with a kind is the new error")
      }
      context.readErrorRecord()
      chain.add(
        ".catch { error in throw PipeError(error.kind, message: \(expression(expr, element: "error"))) }")
    case .action(let event, let action): addAction(event, action, into: &chain)
    case .retry(let attempts?): chain.add(".retry(\(attempts))", comment: attempts == 1 ? "1 attempt" : nil)
    case .retry(nil): chain.add(".retry()")
    case .retryWhen(let strategy, let max, let on): retryWhen(strategy, max: max, on: on, into: &chain)
    case .timeout(let seconds): chain.add(".timeout(\(interval(seconds)), scheduler: \(scheduler))")
    case .timeoutElse(let seconds, let other):
      chain.add(
        ".timeout(\(interval(seconds)), other: \(inline(other, streamType: context.elementType)), scheduler: \(scheduler))"
      )
    default:
      chain.add("// no faithful RxSwift translation: \(text)")
    }
  }

  private func catchStage(_ fallback: Meaning.Fallback, into chain: inout Chain) {
    switch fallback {
    case .empty: chain.add(".catch { _ in .empty() }")
    case .just(let arg): chain.add(".catchAndReturn(\(SwiftCode.literal(arg, context: context)))")
    case .pipeline(let pipeline):
      chain.add(".catch " + closure(pipeline, parameter: "error", streamType: context.elementType))
    case .cache:
      context.declare(SwiftCode.cacheDeclaration)
      let key = dialect.string(chain.head)
      chain.add(".do(onNext: { cache[\(key)] = $0 })")
      chain.add(
        ".catch { error in\n    if let cached = cache[\(key)] as? \(SwiftCode.cacheType(context.elementType, context: context)) { return .just(cached) }\n    return .empty()\n}",
        comment: "nothing cached: complete quietly")
    case .ask:
      chain.add("// catch ask: pipe asks the person (retry, default, fail); connect your own dialog here")
    }
  }

  private func addAction(_ event: Meaning.ActionEvent, _ action: Meaning.Action, into chain: inout Chain) {
    let body = SwiftCode.actionBody(action, element: event == .error ? "error" : "value", context: context)
    switch (event, action) {
    case (.all, .log): chain.add(".debug()")
    case (.error, _): chain.add(".do(onError: { error in \(body) })")
    default: chain.add(".do(onNext: { value in \(body) })")
    }
  }
}

extension RxSwiftWriter {
  /// `PipeRecord` printed as pipe prints a record, `{event: "next", value: 1}`.
  /// Declares pipe's record of an event (`record`), whose `.error.kind` reads the error record.
  private func declareRecord() {
    context.declare(Self.record)
    context.readErrorRecord()
  }

  static let recordFields = """
    extension PipeRecord: Record {
        var fields: [(String, Any)] {
            switch rxEvent {
            case .next(let value): return [("event", event), ("value", value)]
            case .error(let error): return [("event", event), ("error", error)]
            case .completed: return [("event", event)]
            }
        }
    }
    """

  /// pipe's record of an event, over RxSwift's `Event` (whose own `event` is the Event itself,
  /// so `.event != "completed"` cannot be said of an `Event`).
  static let record = """
    /// pipe's record of an event: `event` is "next", "error" or "completed".
    struct PipeRecord<Element> {
        var rxEvent: Event<Element>
        init(_ event: Event<Element>) { rxEvent = event }

        var event: String {
            switch rxEvent {
            case .next: return "next"
            case .error: return "error"
            case .completed: return "completed"
            }
        }
        var value: Element? { rxEvent.element }
        var error: Error? { rxEvent.error }
    }

    extension Optional where Wrapped == any Error {
        /// A record's `.error.kind` where the record holds no error (pipe's null): "".
        var kind: String { self?.kind ?? "" }
        var message: String { self?.message ?? "" }
    }

    extension ObservableType {
        /// RxSwift's `materialize`, each event as pipe's record (typed here, which keeps Swift's
        /// type checker quick on a long chain).
        func materializeRecords() -> Observable<PipeRecord<Element>> { materialize().map(PipeRecord.init) }

        /// The records' events again, as `dematerialize` turns RxSwift's `Event`s back.
        func dematerializeRecords<Value>() -> Observable<Value> where Element == PipeRecord<Value> {
            map(\\.rxEvent).dematerialize()
        }
    }
    """
}
