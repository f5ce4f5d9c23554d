import PipeDSL

/// Translates pipelines into Combine: Apple's names, `Error` as the failure type, and the
/// helpers of `CombineHelper` for what Combine lacks.
struct CombineWriter {
  let context: ExportContext
  /// The `let` names of the script.
  let bindings: Set<String>
  let dialect = CodeDialect.swift

  /// The chain of `pipeline`; `outer` names what `.` is at the pipeline's source (the outer
  /// value of a flatMap, the error of a catch). The chain's failure type is `Error`.
  /// `streamType`: the element type the chain must have, where it joins a stream of that
  /// type (a catch's fallback, what merge and concat add), for a source without values.
  /// `strategy`: the chain is a retry strategy's `(errors | ...)`.
  func chain(
    _ pipeline: Pipeline, outer: String? = nil, extraBindings: Set<String> = [], streamType: String? = nil,
    strategy: Bool = false
  ) -> (Chain, ChainWalk) {
    let outerType = context.elementType
    defer { context.elementType = outerType }
    let walk = ChainWalk(
      pipeline, bindings: bindings.union(extraBindings), numbersAttempts: context.numbersAttempts,
      strategy: strategy
    ) { source, _ in sourceElementType(source) }
    let hint = walk.literalHint ?? streamType.flatMap { $0 == Meaning.recordType ? nil : $0 } ?? "String"
    var chain = Chain(head: "")
    var neverFails = false
    if let head = walk.source, let (text, never) = source(head.meaning, outer: outer, hint: hint) {
      chain.head = text
      neverFails = never
      if head.numbered { numbered(&chain) }
    }
    for step in walk.stages {
      if neverFails && needsErrorFailure(step.meaning) {
        chain.add(".setFailureType(to: Error.self)")
        neverFails = false
      }
      let typed = step.typed
      if typed.convertsStream {
        chain.add(typed.conversion)
        if typed.errorValue { context.use("show") }
      }
      context.elementType = step.elementType
      typed.write(into: &chain, context: context) { chain in
        neverFails = stage(typed.meaning, text: step.text, into: &chain, neverFails: neverFails)
      }
      if step.numbered { numbered(&chain) }
    }
    if neverFails, outer != nil { chain.add(".setFailureType(to: Error.self)") }
    return (chain, walk)
  }

  /// `.numbered()`: the stage's errors numbered by its subscription, as pipe's `error.attempt`.
  private func numbered(_ chain: inout Chain) {
    context.use(CombineHelper.numbered.rawValue)
    chain.add(".numbered()")
  }

  /// The element type a source without values must be given, from a later literal.
  /// The words of a source: a literal, `.`/`.field` of the outer value, or an expression of
  /// it (`just { "no weather: " + .kind }`).
  func argument(_ arg: Arg, outer: String?) -> String {
    switch arg.kind {
    case .element(let names) where names.isEmpty && context.errorAsValue && context.isError(outer):
      context.readErrorRecord()
      return "show(\(outer ?? "$0"))"  // the error joins the stream as pipe's record
    case .element(let names):
      SwiftCode.noteReads(names, context: context)
      return ([outer ?? "$0"] + names.map(\.text)).joined(separator: ".")
    case .expression(let expr): return expression(expr, element: outer ?? "$0")
    default: return SwiftCode.literal(arg, context: context)
    }
  }

  /// A duration as a scheduler stride: `.seconds(2)`, `.milliseconds(500)`.
  func stride(_ seconds: Double) -> String {
    if seconds == seconds.rounded() { return ".seconds(\(Int(seconds)))" }
    let ms = seconds * 1000
    return ms == ms.rounded() ? ".milliseconds(\(Int(ms)))" : ".seconds(\(seconds))"
  }

  /// Stages that combine with another publisher or need a failure to be `Error`.
  private func needsErrorFailure(_ meaning: Meaning) -> Bool {
    switch meaning {
    case .flatMap, .concatMap, .flatMapLatest, .merge, .concat, .zip, .combineLatest, .timeout, .timeoutElse,
      .catchFallback, .retry, .dematerialize:
      return true
    default: return false
    }
  }

  /// `.field` expressions with `.` as `element`.
  func expression(_ expr: Expr, element: String = "$0", names: [String: String] = [:]) -> String {
    writer(expr, element: element, names: names).write(expr)
  }

  /// An expression of a closure that may throw: pipe's checked arithmetic (`SwiftChecks`)
  /// where Swift's would stop the program or give inf, the text then `try ...`; whether it is.
  func checkedExpression(_ expr: Expr, element: String = "$0") -> (text: String, throws: Bool) {
    var writer = writer(expr, element: element, names: [:])
    let checks = SwiftChecks(elementType: context.elementType)
    writer.checks = checks
    let text = writer.write(expr)
    guard checks.throwing else { return (text, false) }
    context.use(SwiftChecks.helper)
    context.readErrorRecord()
    return ("try " + text, true)
  }

  private func writer(_ expr: Expr, element: String, names: [String: String]) -> ExpressionWriter {
    var writer = ExpressionWriter(dialect: dialect, element: element, names: names)
    writer.readsRecord = element == "$0" && context.elementType == Meaning.recordType
    // `.` of a catch's fallback is the error, not a value of the stream.
    writer.elementType = context.isError(element) ? nil : context.elementType
    writer.structName = context.swiftName
    if writer.showsRecordSides(expr) { context.use("show") }
    SwiftCode.noteReads(expr, context: context)
    return writer
  }

  /// A sub-pipeline as a closure body, `.` at its source being the closure's parameter.
  func closure(_ pipeline: Pipeline, parameter base: String, streamType: String? = nil) -> String {
    context.nested(base) { name in
      let (inner, _) = chain(pipeline, outer: name, streamType: streamType)
      return
        "{ \(name) in \(Chain.indentLines(inner.swift(), by: "    "))\(inner.swift().contains("\n") ? "\n" : " ")}"
    }
  }
}
