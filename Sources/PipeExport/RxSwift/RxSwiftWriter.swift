import PipeDSL

/// Translates pipelines into RxSwift 6: pipe's semantics are RxSwift's, so most stages are
/// word for word; retry strategies become the book's `retry(when:)` with `enumerated()`.
struct RxSwiftWriter {
  let context: ExportContext
  let bindings: Set<String>
  let dialect = CodeDialect.swift

  /// The chain of `pipeline` and the walk it renders (its sink); `outer` names what `.` is at its source.
  /// `streamType`: the element type the chain must have where it joins a stream of that type
  /// (what merge and concat add, a catch's fallback), for a source without values (`fail`).
  /// `strategy`: the chain is a retry strategy's `(errors | ...)`.
  func chain(
    _ pipeline: Pipeline, outer: String? = nil, extraBindings: Set<String> = [], streamType: String? = nil,
    strategy: Bool = false
  ) -> (Chain, ChainWalk) {
    let hint = { (literalHint: String?) in
      literalHint ?? streamType.flatMap { $0 == Meaning.recordType ? nil : $0 } ?? "String"
    }
    let walk = ChainWalk(
      pipeline, bindings: bindings.union(extraBindings), numbersAttempts: context.numbersAttempts,
      strategy: strategy
    ) { source, literalHint in sourceType(source, hint: hint(literalHint)) }
    var chain = Chain(head: "")
    if let head = walk.source {
      chain.head = source(head.meaning, outer: outer, hint: hint(walk.literalHint)) ?? ""
      if head.numbered { chain.add(".numbered()") }
    }
    for step in walk.stages {
      if step.typed.convertsStream {
        chain.add(step.typed.conversion)
        if step.typed.errorValue { context.use("show") }
      }
      context.elementType = step.elementType
      step.typed.write(into: &chain, context: context) { chain in
        stage(step.typed.meaning, text: step.text, into: &chain)
      }
      if step.numbered { chain.add(".numbered()") }
    }
    if walk.numbers { context.use("numbered") }
    return (chain, walk)
  }

  /// The type of a source's elements, where it is plain.
  private func sourceType(_ meaning: Meaning, hint: String) -> String? {
    switch meaning {
    case .cold(let diagrams, let values): return Meaning.coldElementType(diagrams, values) ?? hint
    case .hot(let diagram, let values): return Meaning.coldElementType([diagram], values) ?? hint
    case .just(let arg): return Meaning.swiftType(arg)
    case .of(let args):
      let types = Set(args.map(Meaning.swiftType))
      return types.count == 1 ? types.first! : nil
    case .range, .timer, .every: return "Int"
    case .empty, .never, .fail: return hint
    case .plugin(let name, let arguments): return PluginStub.named(name, arguments: arguments.count).type
    default: return nil
    }
  }

  /// The scheduler of the timed stages: RxTest's virtual clock, on which the program plays
  /// each pipeline to its end as `pipe run` does (the real clock would end the program first).
  var scheduler: String {
    context.use("testScheduler")
    return "scheduler"
  }

  func argument(_ arg: Arg, outer: String?) -> String {
    CombineWriter(context: context, bindings: bindings).argument(arg, outer: outer)
  }

  /// `.seconds(2)`, `.milliseconds(500)`: an `RxTimeInterval` (a `DispatchTimeInterval`), as
  /// Combine's stride is written.
  func interval(_ seconds: Double) -> String {
    CombineWriter(context: context, bindings: bindings).stride(seconds)
  }

  /// An expression as Swift, as the Combine export writes it.
  func expression(_ expr: Expr, element: String = "$0", names: [String: String] = [:]) -> String {
    CombineWriter(context: context, bindings: bindings).expression(expr, element: element, names: names)
  }

  /// An expression of a closure, which may throw in RxSwift: with pipe's checked arithmetic.
  func checkedExpression(_ expr: Expr, element: String = "$0") -> String {
    CombineWriter(context: context, bindings: bindings).checkedExpression(expr, element: element).text
  }

  func closure(_ pipeline: Pipeline, parameter base: String, streamType: String? = nil) -> String {
    context.nested(base) { name in
      let text = chain(pipeline, outer: name, streamType: streamType).0.swift()
      return "{ \(name) in \(Chain.indentLines(text, by: "    "))\(text.contains("\n") ? "\n" : " ")}"
    }
  }

  /// A pipeline written inside a call; `streamType` as `chain`'s.
  func inline(_ pipeline: Pipeline, streamType: String? = nil) -> String {
    chain(pipeline, outer: "$0", streamType: streamType).0.swiftInCall()
  }

  func source(_ meaning: Meaning, outer: String?, hint: String) -> String? {
    switch meaning {
    case .just(let arg): return "Observable.just(\(argument(arg, outer: outer)))"
    case .of(let args):
      let values = args.map { argument($0, outer: outer) }.joined(separator: ", ")
      // Values of several types: one array, which Swift types [Any] (`of` would want one type).
      return meaning.givesSeveralTypes ? "Observable.from([\(values)])" : "Observable.of(\(values))"
    case .range(let from, let count): return "Observable.range(start: \(from), count: \(count))"
    case .empty: return "Observable<\(context.swiftName(of: hint))>.empty()"
    case .never: return "Observable<\(context.swiftName(of: hint))>.never()"
    case .fail(let kind):
      return "Observable<\(context.swiftName(of: hint))>.error(\(context.kind(kind)))"
    case .timer(.seconds(let seconds)):
      return "Observable<Int>.timer(\(interval(seconds)), scheduler: \(scheduler))"
    case .timer(.computed(let expr)):
      return
        "Observable<Int>.timer(.seconds(\(expression(expr, element: outer ?? "$0"))), scheduler: \(scheduler))"
    case .every(let seconds): return "Observable<Int>.interval(\(interval(seconds)), scheduler: \(scheduler))"
    case .cold(let diagrams, let values): return cold(diagrams, values, hint: hint)
    case .hot(let diagram, let values):
      context.use("testScheduler")
      let hint = Meaning.coldElementType([diagram], values) ?? hint
      return "testScheduler.createHotObservable(\(recorded(diagram, values, hint: hint))).asObservable()"
    case .changes(let setting):
      let name = CombineWriter.camelCase(setting)
      context.declare(
        "/// pipe's \(setting) setting, as a subject.\nlet \(name) = BehaviorSubject<String>(value: \"\")")
      return "\(name).skip(1)"
    case .input:
      context.declare(
        "/// The lines the person types: connect your text field here.\nlet lines = PublishSubject<String>()")
      return "lines.asObservable()"
    case .plugin(let name, let arguments):
      let stub = PluginStub.named(name, arguments: arguments.count)
      if !stub.fields.isEmpty { context.use("show") }  // its type is a Record
      context.declare(
        stub.swiftDeclaration(
          publisher: "Observable<\(stub.type)>", body: "Observable.error(\(context.kind("notConnected")))"))
      return stub.function + "(" + stub.callArguments(arguments.map { argument($0, outer: outer) }) + ")"
    case .reference(let name): return name
    case .group(let pipeline): return chain(pipeline, outer: outer).0.swift()
    default: return nil
    }
  }

  /// RxTest's cold observable of one diagram; of several, the n-th for the n-th subscription.
  private func cold(_ diagrams: [String], _ values: [DictEntry], hint: String) -> String {
    context.use("testScheduler")
    let hint = Meaning.coldElementType(diagrams, values) ?? hint
    let recordings = diagrams.map { recorded($0, values, hint: hint) }
    if recordings.count == 1 { return "testScheduler.createColdObservable(\(recordings[0])).asObservable()" }
    context.use("coldEach")
    return "coldEach([\n    " + recordings.joined(separator: ",\n    ") + ",\n])"
  }

  /// `[.next(1, "a"), .error(3, PipeError.error)]`: a diagram as RxTest's recorded events;
  /// `structs`: its records are written as their structs (`RecordType`), not in a comment.
  func recorded(_ diagram: String, _ values: [DictEntry], hint: String, structs: Bool = true) -> String {
    let byLetter = Dictionary(values.map { ($0.keyText, $0.value) }) { first, _ in first }
    let hint = structs ? context.swiftName(of: hint) : hint
    let events = MarbleText.events(diagram).map { time, event -> String in
      switch event {
      case "|": return ".completed(\(time), \(hint).self)"
      case "#":
        return ".error(\(time), \(context.kind(byLetter["#"]?.word ?? "error")), \(hint).self)"
      default:
        let value =
          byLetter[String(event)].map {
            structs ? SwiftCode.value($0, context: context) : dialect.literal($0)
          }
          ?? (event.isNumber ? String(event) : dialect.string(String(event)))
        return ".next(\(time), \(value))"
      }
    }
    return "[" + events.joined(separator: ", ") + "]"
  }
}
