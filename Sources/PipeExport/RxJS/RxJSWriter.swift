import PipeDSL

/// Translates pipelines into RxJS 7 (TypeScript): sources are creation functions, stages the
/// operators of a `pipe(...)`, durations milliseconds; `cold` and `expect` become the
/// `TestScheduler`'s marbles.
struct RxJSWriter {
  let context: ExportContext
  let bindings: Set<String>
  let dialect = CodeDialect.javascript

  func chain(_ pipeline: Pipeline, outer: String? = nil, extraBindings: Set<String> = []) -> (
    Chain, ChainWalk
  ) {
    let walk = ChainWalk(
      pipeline, bindings: bindings.union(extraBindings), numbersAttempts: context.numbersAttempts,
      strategy: extraBindings.contains("errors")  // a retry strategy's `errors`, of errors
    ) { source, _ in RxJSChecks.sourceType(source) }
    var chain = Chain(head: "")
    // The type of `.` in each stage, for its run-time checks (`RxJSChecks`): a source's
    // argument reads the outer stream's `.`, of the stage being written.
    let outerType = context.elementType
    defer { context.elementType = outerType }
    if outer == nil { context.elementType = nil }
    if let head = walk.source {
      chain.head = source(head.meaning, outer: outer) ?? ""
      if Self.hasWholeDouble(head.meaning) { chain.notes.append(Self.wholeDoubleNote) }
      if head.numbered { numbered(&chain) }
    }
    // Values of another type joined the stream (`startWith "x"` on ints): a Swift stream holds
    // them as Strings, this one as they are, of no one type until a map gives one.
    var joined = false
    for step in walk.stages {
      context.elementType = joined ? nil : step.elementType
      // RxJS's streams hold any type: what joins one is written as it is.
      stage(step.meaning, text: step.text, into: &chain)
      if step.numbered { numbered(&chain) }
      if step.typed.mixed {
        joined = true
      } else if case .map = step.meaning {
        joined = false
      }
    }
    return (chain, walk)
  }

  /// `numbered()`: the stage's errors numbered by its subscription, as pipe's `error.attempt`.
  private func numbered(_ chain: inout Chain) {
    context.use("numbered")
    context.use("withAttempt")
    for name in ["MonoTypeOperatorFunction", "defer", "catchError", "throwError"] { _ = use(name) }
    chain.add("numbered()")
  }

  static let wholeDoubleNote =
    "JavaScript has one type of number: the Double 2.0 prints as 2, where pipe prints 2.0"

  /// Whether a source's values include a Double literal that is a whole number (`2.0`).
  static func hasWholeDouble(_ meaning: Meaning) -> Bool {
    let args: [Arg]
    switch meaning {
    case .just(let arg): args = [arg]
    case .of(let values): args = values
    default: return false
    }
    return args.contains {
      if case .literal(.double(let value)) = $0.kind { return value == value.rounded() } else { return false }
    }
  }

  /// Records that `name` is imported from 'rxjs'.
  func use(_ name: String) -> String {
    context.import(name)
    // Timed operators run on the TestScheduler's virtual clock, as pipe runs a script.
    if Self.timed.contains(name) { context.use("testScheduler") }
    return name
  }

  /// The helper name of the `PipeError` class: a stage that raises one or reads an error's
  /// `kind` uses it, and the document then declares the class (RxJSExport.document).
  static let pipeError = "PipeError"

  static let timed: Set = ["timer", "interval", "delay", "debounceTime", "throttleTime", "timeout"]

  func argument(_ arg: Arg, outer: String?) -> String {
    switch arg.kind {
    case .element(let names):
      if names.contains(where: { $0.text == "kind" }) { context.use(Self.pipeError) }
      return checks(element: outer ?? "x").path(outer ?? "x", names.map(\.text))
    case .expression(let expr): return expression(expr, element: outer ?? "x")
    default: return dialect.literal(arg)
    }
  }

  func ms(_ seconds: Double) -> String { dialect.milliseconds(seconds) }

  func expression(_ expr: Expr, element: String = "x", names: [String: String] = [:]) -> String {
    // The functions whose JavaScript would not fail where pipe's do (Number('abc') is NaN) are
    // helpers of the export (RxJSExport.functions); str is pipe's show.
    _ = expr.contains {
      if case .field(_, let name) = $0.kind, name.text == "kind" { context.use(Self.pipeError) }
      if case .call(let name, _) = $0.kind {
        if name.text == "str" { context.use("show") }
        if RxJSExport.functions.contains(where: { $0.name == name.text }) { context.use(name.text) }
      }
      return false
    }
    var writer = ExpressionWriter(dialect: dialect, element: element, names: names)
    writer.checks = checks(element: element)
    return writer.write(expr)
  }

  /// The run-time checks of expressions whose `.` is `element`: an error in a catch, mapError
  /// or an error's action (`e`, `e2`), else a value of the stage being written.
  func checks(element: String) -> RxJSChecks {
    let isError = element.first == "e" && element.dropFirst().allSatisfy(\.isNumber)
    return RxJSChecks(
      context: context, elementType: isError ? "error" : RxJSChecks.type(ofElement: context.elementType))
  }

  /// A condition of filter, takeWhile or throwIf: a bool, as pipe needs it.
  func condition(_ expr: Expr) -> String {
    checks(element: "x").condition(expr, written: expression(expr))
  }

  /// `(x) => pipeline`, `.` at the sub-pipeline's source being `x`.
  func arrow(_ pipeline: Pipeline, parameter base: String) -> String {
    context.nested(base) { name in "(\(name)) => " + chain(pipeline, outer: name).0.javascript() }
  }

  func source(_ meaning: Meaning, outer: String?) -> String? {
    switch meaning {
    case .just(let arg): return use("of") + "(\(argument(arg, outer: outer)))"
    case .of(let args):
      return use("of") + "(" + args.map { argument($0, outer: outer) }.joined(separator: ", ") + ")"
    case .range(let from, let count): return use("range") + "(\(from), \(count))"
    case .empty: return use("EMPTY")
    case .never: return use("NEVER")
    case .fail(let kind): return use("throwError") + "(() => \(raise(kind)))"
    case .timer(.seconds(let seconds)): return use("timer") + "(\(ms(seconds)))"
    case .timer(.computed(let expr)):
      return use("timer") + "(\(expression(expr, element: outer ?? "x")) * 1000)"
    case .every(let seconds): return use("interval") + "(\(ms(seconds)))"
    case .cold(let diagrams, let values): return cold(diagrams, values)
    case .hot(let diagram, let values):
      // What comes before `^` happened before the statement began: pipe's subscribers never see
      // it, where the TestScheduler gives it to a subscriber at frame 0 (ours subscribe then).
      let played = diagram.firstIndex(of: "^").map { String(diagram[$0...]) } ?? diagram
      context.use("testScheduler")
      return "hot("
        + ([dialect.string(played)] + marbleValues(values, diagrams: [diagram])).joined(separator: ", ")
        + ")"
    case .changes(let setting):
      let name = CombineWriter.camelCase(setting) + "$"
      context.declare(
        "/** pipe's \(setting) setting, as a subject. */\nconst \(name) = new \(use("BehaviorSubject"))<string>('');"
      )
      return name + ".pipe(" + use("skip") + "(1))"
    case .input:
      context.declare(
        "/** The lines the person types: connect your input here. */\nconst lines$ = new \(use("Subject"))<string>();"
      )
      return "lines$"
    case .plugin(let name, let arguments): return plugin(name, arguments, outer: outer)
    case .reference(let name): return name
    case .group(let pipeline): return chain(pipeline, outer: outer).0.javascript()
    default: return nil
    }
  }

  /// `cold('-a-#')` of the TestScheduler; several diagrams, one per subscription.
  private func cold(_ diagrams: [String], _ values: [DictEntry]) -> String {
    context.use("testScheduler")
    let extra = marbleValues(values, diagrams: diagrams)
    let calls = diagrams.map { "cold(" + ([dialect.string($0)] + extra).joined(separator: ", ") + ")" }
    if calls.count == 1 { return calls[0] }
    context.use("coldEach")
    _ = (use("defer"), use("Observable"))
    return "coldEach([" + calls.joined(separator: ", ") + "])"
  }

  /// The values and error arguments of `cold`/`hot`/`toBe`: a digit is a number and `#` a
  /// PipeError, as in pipe (RxJS's marbles would make them the strings '1' and 'error').
  /// In `toBe` (`anyError`), a `#` without a kind stays RxJS's 'error': it matches any error.
  func marbleValues(_ values: [DictEntry], diagrams: [String], anyError: Bool = false) -> [String] {
    // With a values map, a letter it does not name is itself (RxJS would make it undefined).
    let named = Set(values.map(\.keyText))
    let given = values.filter { $0.keyText != "#" }
    let unnamed = MarbleText.valueLetters(diagrams).filter { !named.contains(String($0)) }
    let own = given.isEmpty && !unnamed.contains(where: \.isNumber) ? [] : unnamed
    let letters =
      given.map { (key: $0.keyText, value: dialect.literal($0.value)) }
      + own.sorted().map { (key: String($0), value: $0.isNumber ? String($0) : dialect.string(String($0))) }
    let error =
      values.first { $0.keyText == "#" }?.value.word
      ?? (diagrams.contains { $0.contains("#") } && !anyError ? "error" : nil)
    var words: [String] = []
    if !letters.isEmpty || error != nil {
      words.append(
        letters.isEmpty
          ? "undefined" : dialect.record(letters))
    }
    if let error { words.append(raise(error)) }
    return words
  }

  /// A kind the pipeline raises, `new WeatherError('tooBig')`, registered as one of its type's.
  func raise(_ kind: String) -> String {
    context.kind(kind)
    return context.errors.typescriptValue(kind)
  }

  private func plugin(_ name: String, _ arguments: [Arg], outer: String?) -> String {
    let stub = PluginStub.named(name, arguments: arguments.count)
    let types = ["String": "string", "Double": "number", "Int": "number"]
    let parameters = zip(stub.parameters, stub.parameterTypes).map { "\($0): \(types[$1] ?? "unknown")" }
    let type = types[stub.type] ?? stub.type
    var lines: [String] = []
    if !stub.fields.isEmpty {
      lines.append("/** What pipe's \(name) source emits. */")
      lines.append("interface \(stub.type) {")
      lines += stub.fields.map { "  \($0.name): \(types[$0.type] ?? "unknown");" }
      lines.append("}")
      lines.append("")
    }
    lines.append("/** pipe's \(name) source: connect your service here. */")
    lines.append(
      "function \(stub.function)(\(parameters.joined(separator: ", "))): \(use("Observable"))<\(type)> {")
    lines.append("  return " + use("throwError") + "(() => \(raise("notConnected")));")
    lines.append("}")
    context.declare(lines.joined(separator: "\n"))
    return stub.function + "(" + arguments.map { argument($0, outer: outer) }.joined(separator: ", ") + ")"
  }
}
