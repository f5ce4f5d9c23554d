import PipeDSL

/// What the exporter refuses, found before any code is written: a stage whose meaning it does
/// not know (it would otherwise become a stub or pipe's own text in the code), a value no
/// library can hold as a literal, an expression that did not parse. Each refusal is a
/// diagnostic naming the stage, with a caret under it, and why; `pipe export` exits 3.
///
///     ExportCheck(library: .combine).refusals(in: program)
///     // error: cannot export 'catch (...)' to Combine: ...
struct ExportCheck {
  let library: ExportLibrary

  func refusals(in program: Program) -> [Diagnostic] {
    var found: [Diagnostic] = []
    var bindings: Set<String> = []
    for statement in program.statements {
      switch statement.kind {
      case .run(let pipeline, _): check(pipeline, bindings: bindings, into: &found)
      case .binding(let name, let pipeline):
        check(pipeline, bindings: bindings, into: &found)
        bindings.insert(name.text)
      case .setting, .command: continue
      }
    }
    return found
  }

  private func check(_ pipeline: Pipeline, bindings: Set<String>, into found: inout [Diagnostic]) {
    // Each stage with the element type it gets, where the literals say it (the Swift
    // libraries' streams hold one).
    let walk = ChainWalk(pipeline, bindings: bindings) { source, _ in Meaning.sourceType(source) }
    for step in walk.steps {
      let mixed =
        library == .rxjs ? nil : Self.mixedTypes(step.meaning, after: step.elementType, bindings: bindings)
      if let reason = Self.cureReason(step.stage, library: library)
        ?? reason(step.meaning, stage: step.stage, bindings: bindings, elementType: step.elementType) ?? mixed
        ?? severalTypes(step, source: walk.source)
      {
        found.append(refusal(step.stage, reason))
        continue
      }
      for inner in Self.subpipelines(of: step.stage) { check(inner, bindings: bindings, into: &found) }
    }
  }

  /// Why a stage cannot be written, or nil.
  private func reason(_ meaning: Meaning, stage: Stage, bindings: Set<String>, elementType: String?)
    -> String?
  {
    switch meaning {
    case .untranslated: return "pipe could not read this stage"
    case .plugin("clients", _):
      return "clients is a simulation, not app code: it runs many copies against pipe's simulated "
        + "service; export the pipeline inside it"
    case .plugin(let name, let arguments):
      // A name of the language's own that the exporter did not read is no plugin source to stub.
      if Meaning.catalogue.lookup(name) != nil {
        return "the exporter has no translation of '\(name)' in this form"
      }
      return arguments.lazy.compactMap { self.value($0, asArgument: true) }.first
    case .just(let arg), .startWith(let arg), .catchAndReturn(let arg), .catchFallback(.just(let arg)):
      return value(arg, asArgument: { if case .just = meaning { return true } else { return false } }())
    case .of(let args): return args.lazy.compactMap { self.value($0, asArgument: true) }.first
    case .scan(let seed, let expr): return value(seed, asArgument: false) ?? self.expression(expr)
    case .map(let expr), .filter(let expr), .takeWhile(let expr), .throwIf(let expr, _):
      return self.expression(expr, elementType: elementType)
    case .mapError(let expr):
      // A record with a kind is the new error (`SwiftCode.error`), no struct.
      if case .record(let entries) = expr.kind, entries.contains(where: { $0.key.text == "kind" }) {
        return entries.lazy.compactMap { self.expression($0.value) }.first
      }
      return self.expression(expr)
    case .timer(.computed(let expr)), .action(_, .say(let expr)):
      return self.expression(expr)
    case .cold(_, let values), .hot(_, let values):
      return values.lazy.compactMap { self.value($0.value, asArgument: false) }.first
    default: return unfaithful(meaning)
    }
  }

  /// Why a stage the writers know would come out other than pipe runs it, or nil: what no
  /// library has and no helper of the exporter does (a translation with a comment is none).
  private func unfaithful(_ meaning: Meaning) -> String? {
    switch meaning {
    case .chaos:
      return "chaos injects pipe's own simulated faults; \(library.title) has no such operator"
    case .circuitBreaker where library != .combine:
      return "\(library.title) has no circuit breaker and the exporter has no helper for it (Combine has one)"
    case .catchFallback(.ask):
      return "catch ask asks the person at pipe's prompt; an app needs its own dialog there"
    case .repeatCount(nil) where library == .rxswift:
      return "RxSwift has no repeat that subscribes again forever; give repeat a count"
    case .timeoutElse where library == .combine:
      return "Combine's timeout has no fallback stream, and a catch would replace the upstream's errors too"
    case .bufferTimed where library == .combine:
      return "Combine's collect(.byTimeOrCount) sends no empty list and keeps its timer's beat, unlike pipe"
    case .retryWhen(let strategy, _, _): return unfaithful(strategy, nested: false)
    default: return nil
    }
  }

  /// The comment at an endless repeat, which the libraries do not stop.
  static let endlessRepeat =
    "repeats without end, even a source that completes at once (pipe stops after 1,000,000 resubscriptions without time moving)"

  /// The comment at a timeout: which of a value and the timer due at the same tick comes
  /// first, where pipe's `of` (as RxSwift's) sends its values only once the statement's
  /// subscriptions are made, and the library's `of` at its own subscription.
  static func timeoutTick(fails: String, of: String) -> String {
    "at the very tick of the timeout the timer set first goes first, and \(of) sends (and restarts it) "
      + "sooner than pipe's of: a value pipe passes may \(fails) here"
  }

  private func unfaithful(_ strategy: Strategy, nested: Bool) -> String? {
    switch strategy {
    case .ask: return "retryWhen ask asks the person at pipe's prompt; an app needs its own dialog there"
    case .byKind(let branches):
      return branches.lazy.compactMap { self.unfaithful($0.strategy, nested: true) }.first
    case .online where nested && library == .rxjs:
      return "the exporter's RxJS strategy per kind has no online"
    case .general where nested:
      return "a strategy per kind has only named strategies, not (errors | ...)"
    default: return nil
    }
  }

  /// Why a stage that computes with `.` cannot be written where the stream's values are of
  /// several types (`of(1, "a") | map { . - 1 }`), or nil: pipe computes with each value as it
  /// comes and fails with typeError on one of the wrong type; a library types the stream once
  /// (Swift's `Any`, TypeScript's `string | number`), and its operators do not apply to it.
  /// `.` passed on whole, or written with `str(.)`, is fine.
  private func severalTypes(_ step: ChainWalk.Step, source: ChainWalk.Step?) -> String? {
    guard step.getsSeveralTypes else { return nil }
    if library == .rxjs, let source, !source.meaning.givesSeveralTypes(recordsAlike: true) { return nil }
    let expressions: [Expr]
    switch step.meaning {
    case .map(let expr), .filter(let expr), .takeWhile(let expr), .throwIf(let expr, _): expressions = [expr]
    case .scan(_, let expr): expressions = [expr]
    default: return nil
    }
    guard expressions.contains(where: Self.computesWithElement) else { return nil }
    let from = source.map { " (from '\($0.text)')" } ?? ""
    return "the stream's values are of several types\(from), where pipe computes with each as it comes "
      + "and fails with typeError on one of the wrong type; \(library.title) types the stream once, "
      + "and this expression does not apply to that type"
  }

  /// Whether an expression reads `.` other than whole or as `str(.)`.
  private static func computesWithElement(_ expr: Expr) -> Bool {
    switch expr.kind {
    case .element, .literal, .name, .invalid: return false
    case .call(let name, let arguments) where name.text == "str":
      return arguments.contains(where: computesWithElement)
    default: return expr.readsElement
    }
  }

  /// Why a stage's values cannot share one Swift type with the stream's (a fallback of Ints
  /// on a stream of Strings), where `MixedTypes` has no common type to give both; nil when
  /// they can, or a type is not known. (A source of several types, `of(1, "a")`, is a
  /// stream of `Any`.)
  static func mixedTypes(_ meaning: Meaning, after type: String?, bindings: Set<String>) -> String? {
    switch meaning {
    case .catchFallback(.pipeline(let other)), .merge(let other), .concat(let other):
      guard let type, let otherType = Meaning.elementType(of: other, bindings: bindings), otherType != type,
        !MixedTypes(meaning, elementType: type).mixed
      else { return nil }
      let what = {
        if case .catchFallback = meaning { return "the fallback" } else { return "the other stream" }
      }()
      return
        "\(what) gives values of type \(otherType) where the stream's are \(type), and no Swift type holds both"
    default: return nil
    }
  }

  /// Why a value cannot be written as a literal (or, as a source's argument, as `.` or an
  /// expression), or nil.
  private func value(_ arg: Arg, asArgument: Bool) -> String? {
    switch arg.kind {
    case .literal, .name: return nil
    case .list(let items): return items.lazy.compactMap { self.value($0, asArgument: false) }.first
    case .dict(let entries):
      return entries.lazy.compactMap { self.value($0.value, asArgument: false) }.first
        ?? recordReason(entries.map { ($0.keyText, $0.value.description, Meaning.swiftType($0.value)) })
    case .element where asArgument: return nil
    case .expression(let expr) where asArgument: return expression(expr)
    case .element, .expression:
      return "\(arg.description) is computed from a value, where \(library.title) needs a literal here"
    case .call, .labeled, .pipeline, .rate: return "\(arg.description) has no literal in \(library.title)"
    case .invalid: return "a value of it did not parse"
    }
  }

  /// Why an expression cannot be written, or nil.
  /// `elementType`: the type of `.`, where the stream's literals say it.
  private func expression(_ expr: Expr, elementType: String? = nil) -> String? {
    let inner = { (expr: Expr) in self.expression(expr, elementType: elementType) }
    switch expr.kind {
    case .invalid: return "an expression of it did not parse"
    case .literal, .element, .name: return nil
    case .field(let base, _), .unary(_, let base): return inner(base)
    case .list(let items): return items.lazy.compactMap(inner).first
    case .record(let entries):
      return recordReason(
        entries.map { ($0.key.text, $0.value.description, Meaning.swiftType($0.value, element: elementType)) }
      )
        ?? entries.lazy.compactMap { inner($0.value) }.first
    case .binary(let op, let lhs, let rhs):
      return operatorReason(op, lhs, rhs, elementType: elementType) ?? inner(lhs) ?? inner(rhs)
    case .conditional(let test, let then, let otherwise):
      return inner(test) ?? inner(then) ?? inner(otherwise)
    case .call(let name, _) where name.text == "num" && library != .rxjs:
      return "num reads a text as an Int or a Double as it is written, and fails with typeError on "
        + "other text, where Swift's Double(text) is an optional Double: convert the text as your app needs"
    case .call(let name, let arguments):
      return callReason(name.text, arguments) ?? arguments.lazy.compactMap(inner).first
    }
  }

  /// Why a record cannot be a Swift struct (`Meaning.recordReason`), or nil; RxJS writes an object.
  private func recordReason(_ fields: [(key: String, text: String, type: String?)]) -> String? {
    library == .rxjs ? nil : Meaning.recordReason(fields)
  }

  private func refusal(_ stage: Stage, _ reason: String) -> Diagnostic {
    Diagnostic(
      id: .notExportable, message: "cannot export '\(stage.text)' to \(library.title): \(reason)",
      span: stage.span,
      help: "write the stage another way, or leave it out of what you export")
  }

  /// The pipelines written inside a stage: `(...)` arguments, a group, a strategy's `(errors | ...)`.
  static func subpipelines(of stage: Stage) -> [Pipeline] {
    switch stage.kind {
    case .group(let pipeline): return [pipeline]
    case .invalid: return []
    case .operator(let op): return ((op.callArguments ?? []) + op.arguments).flatMap(pipelines)
    }
  }

  private static func pipelines(in arg: Arg) -> [Pipeline] {
    switch arg.kind {
    case .pipeline(let pipeline): return [pipeline]
    case .list(let items): return items.flatMap(pipelines)
    case .dict(let entries): return entries.map(\.value).flatMap(pipelines)
    case .labeled(_, let value): return pipelines(in: value)
    case .call(let call): return call.arguments.flatMap(pipelines)
    default: return []
    }
  }
}
