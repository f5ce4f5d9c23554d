import Operators

/// A value computed per subscription; it throws when an expression in it fails.
public typealias ValueReader = (Env) throws -> Value
/// A value as it depends on the outer element `.`, nil outside a sub-pipeline.
public typealias DotReader = (Value?) throws -> Value

/// Reads a stage's or a strategy's arguments, reporting a diagnostic with a span for every
/// argument of the wrong kind and returning nil for it.
public struct ArgumentReader {
  let compiler: Compiler
  /// Whether `.` means an outer element here.
  let hasDot: Bool
  /// The stage's text, which run-time errors of its expressions name.
  var source = ""

  func fail<T>(_ arg: Arg, expected: String) -> T? {
    compiler.report(.wrongArgumentType(arg, expected: expected))
    return nil
  }

  /// A duration: `500ms`, `1.5s`, or a bare number meaning seconds; from 0 to
  /// `Limits.longestDuration` (1000h), so that no sum of times overflows.
  public func duration(_ arg: Arg) -> Time? {
    let seconds: Double
    switch arg.kind {
    case .literal(.duration(let value)): seconds = value.seconds
    case .literal(.int(let value)): seconds = Double(value)
    case .literal(.double(let value)) where !value.isNaN: seconds = value
    default: return fail(arg, expected: "a duration such as 500ms or 2s")
    }
    guard seconds >= 0 else {
      compiler.report(.negativeDuration(arg.span))
      return nil
    }
    guard seconds <= Limits.longestDuration.seconds else {
      compiler.report(.durationTooLong(arg.span, found: Self.describe(seconds)))
      return nil
    }
    let time: Time
    if case .literal(.duration(let value)) = arg.kind { time = value } else { time = .seconds(seconds) }
    if case .literal(let literal) = arg.kind, literal.isBareNumber, time >= Self.largeBareSeconds {
      compiler.report(.largeBareSeconds(arg.span, time))
    }
    return time
  }

  /// `1e10 s` as a message names a duration that is too long to be a `Time`.
  private static func describe(_ seconds: Double) -> String {
    seconds < 9e9 ? Time.seconds(seconds).description : "\(Limits.number(seconds)) s"
  }

  /// A bare number of seconds this large was probably meant as milliseconds, as RxJS writes
  /// them: `timeout 2000` would wait 33 minutes.
  static let largeBareSeconds = Time.seconds(100)

  /// A whole number, at least `minimum` and at most `maximum` (a limit of pipe's).
  public func integer(_ arg: Arg, atLeast minimum: Int = 0, atMost maximum: Int = .max) -> Int? {
    guard case .literal(.int(let value)) = arg.kind else { return fail(arg, expected: "a whole number") }
    guard value >= minimum else {
      compiler.report(.numberTooSmall(arg.span, value, minimum: minimum))
      return nil
    }
    guard value <= maximum else {
      compiler.report(.numberTooLarge(arg.span, value, maximum: maximum))
      return nil
    }
    return value
  }

  /// A number, int or double.
  public func number(_ arg: Arg) -> Double? {
    switch arg.kind {
    case .literal(.int(let value)): return Double(value)
    case .literal(.double(let value)): return value
    default: return fail(arg, expected: "a number")
    }
  }

  /// A string literal.
  public func string(_ arg: Arg) -> String? {
    guard case .literal(.string(let value)) = arg.kind else { return fail(arg, expected: "a string") }
    return value
  }

  /// A bare word such as `cache` or `notPositive`.
  public func word(_ arg: Arg) -> Name? {
    guard case .name(let name) = arg.kind, !name.isDotted else { return fail(arg, expected: "a name") }
    return name
  }

  /// A value known before anything runs: a literal, or a list or record of them.
  public func constant(_ arg: Arg) -> Value? {
    switch arg.kind {
    case .literal(let literal): return literal.value
    case .list(let items):
      let values = items.map(constant)
      return values.contains { $0 == nil } ? nil : .list(values.map { $0! })
    case .dict(let entries):
      var record = Record()
      for entry in entries {
        switch entry.key {
        case .name(let key), .string(let key):
          guard let value = constant(entry.value) else { return nil }
          record[key] = value
        case .wildcard:
          compiler.report(.wildcardInRecord(entry.keySpan))
          return nil
        }
      }
      return .record(record)
    default: return fail(arg, expected: "a value")
    }
  }

  /// A value computed when the stage is subscribed: a constant, `.`, `.field`, `{ expr }`,
  /// or a list or record of these. An expression that fails at run time throws its error
  /// (a `typeError`, ...), which the stage emits.
  public func value(_ arg: Arg) -> ValueReader? {
    guard let read = dotValue(arg) else { return nil }
    return { env in try read(env.dot) }
  }

  /// `value`, as what it makes of the outer element `.` alone (nil outside a sub-pipeline):
  /// all it reads of the environment.
  func dotValue(_ arg: Arg) -> DotReader? {
    switch arg.kind {
    case .element(let path):
      guard hasDot else { return dotOutsideSubpipeline(arg.span) }
      let fields = path.map(\.text)
      return { dot in fields.reduce(dot ?? .null) { $0[$1] ?? .null } }
    case .expression(let expr):
      if !hasDot && expr.mentionsElement { return dotOutsideSubpipeline(arg.span) }
      guard let compiled = expression(arg, expr: expr, names: []) else { return nil }
      return { dot in try compiled(dot ?? .null) }
    case .list(let items):
      let readers = items.map(dotValue)
      guard !readers.contains(where: { $0 == nil }) else { return nil }
      return { dot in .list(try readers.map { try $0!(dot) }) }
    default:
      guard let constant = constant(arg) else { return nil }
      return { _ in constant }
    }
  }

  private func dotOutsideSubpipeline<Reader>(_ span: Span) -> Reader? {
    compiler.report(.dotOutsideSubpipeline(span))
    return nil
  }

  /// A `{ ... }` expression, checked, with the free names it may use besides `.`.
  public func expression(_ arg: Arg, names: [String] = []) -> CompiledExpression? {
    guard case .expression(let expr) = arg.kind else {
      return fail(arg, expected: "an expression in braces, such as { . > 0 }")
    }
    return expression(arg, expr: expr, names: names)
  }

  func expression(_ arg: Arg, expr: Expr, names: [String]) -> CompiledExpression? {
    do {
      return try ExpressionCompiler.compile(expr, in: ExpressionEnvironment(names: names), source: source)
    } catch {
      for diagnostic in error.diagnostics { compiler.report(diagnostic) }
      return nil
    }
  }

  /// A sub-pipeline in parentheses, in which `.` is the outer element.
  public func pipeline(_ arg: Arg, parent: Int, errorsSource: Bool = false) -> CompiledPipeline? {
    guard case .pipeline(let pipeline) = arg.kind else {
      return fail(arg, expected: "a pipeline in parentheses, such as (weather .)")
    }
    return compiler.compileSubpipeline(pipeline, parent: parent, errorsSource: errorsSource)
  }

  /// A setting key that exists: `weather.apiKey`.
  public func setting(_ arg: Arg) -> String? {
    guard case .name(let name) = arg.kind else {
      return fail(arg, expected: "a setting such as weather.apiKey")
    }
    return compiler.checkSetting(name)
  }
}

extension ArgKind {
  /// A short description for messages: `a string`, `a list`, `the name 'x'`.
  var summary: String {
    switch self {
    case .literal(.string): return "a string"
    case .literal(.int), .literal(.double): return "a number"
    case .literal(.duration): return "a duration"
    case .literal(.bool): return "a boolean"
    case .literal(.null): return "null"
    case .name(let name): return "the name '\(name.text)'"
    case .call(let call): return "a call of '\(call.name.text)'"
    case .list: return "a list"
    case .dict: return "a dict"
    case .pipeline: return "a pipeline"
    case .expression: return "an expression"
    case .element: return "'.'"
    case .labeled(let name, _): return "the option '\(name.text):'"
    case .rate: return "a rate"
    case .invalid: return "nothing readable"
    }
  }
}

extension Expr {
  /// Whether `.` (the current or outer element) appears anywhere in the expression.
  var mentionsElement: Bool {
    switch kind {
    case .element: return true
    case .literal, .name, .invalid: return false
    case .field(let base, _): return base.mentionsElement
    case .list(let items): return items.contains { $0.mentionsElement }
    case .record(let entries): return entries.contains { $0.value.mentionsElement }
    case .unary(_, let operand): return operand.mentionsElement
    case .binary(_, let left, let right): return left.mentionsElement || right.mentionsElement
    case .conditional(let test, let then, let otherwise):
      return test.mentionsElement || then.mentionsElement || otherwise.mentionsElement
    case .call(_, let arguments): return arguments.contains { $0.mentionsElement }
    }
  }
}
