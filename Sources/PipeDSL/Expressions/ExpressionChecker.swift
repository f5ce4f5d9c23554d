/// Checks an expression before anything runs: unknown names, unknown functions and wrong
/// argument counts are diagnostics with spans, never surprises at run time.
///
///     // { acx + . } in scan
///     ExpressionChecker.check(expr, in: .scan)
///     // unknown name 'acx' — help: did you mean 'acc'?
public enum ExpressionChecker {
  public static func check(_ expr: Expr, in environment: ExpressionEnvironment) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    visit(expr, environment, &diagnostics)
    return diagnostics
  }

  private static func visit(
    _ expr: Expr, _ environment: ExpressionEnvironment, _ diagnostics: inout [Diagnostic]
  ) {
    switch expr.kind {
    case .literal, .element, .invalid: break
    case .name(let name):
      if !environment.names.contains(name.text) { diagnostics.append(unknown(name, environment)) }
    case .field(let base, _): visit(base, environment, &diagnostics)
    case .list(let items): items.forEach { visit($0, environment, &diagnostics) }
    case .record(let entries): entries.forEach { visit($0.value, environment, &diagnostics) }
    case .unary(_, let operand): visit(operand, environment, &diagnostics)
    case .binary(_, let left, let right): [left, right].forEach { visit($0, environment, &diagnostics) }
    case .conditional(let condition, let then, let otherwise):
      [condition, then, otherwise].forEach { visit($0, environment, &diagnostics) }
    case .call(let name, let arguments):
      checkCall(expr, name, arguments.count, environment, &diagnostics)
      arguments.forEach { visit($0, environment, &diagnostics) }
    }
  }

  private static func checkCall(
    _ call: Expr, _ name: Name, _ count: Int, _ environment: ExpressionEnvironment,
    _ diagnostics: inout [Diagnostic]
  ) {
    guard let function = environment.functions[name.text] else {
      return diagnostics.append(.unknownFunction(name, known: Array(environment.functions.keys)))
    }
    if !function.arity.contains(count) {
      diagnostics.append(.wrongArgumentCount(call, name: name.text, arity: function.arity, given: count))
    }
  }

  /// The most likely fix for an unknown name: a near allowed name, a function called
  /// without parentheses, or a field of the element written without its dot.
  private static func unknown(_ name: Name, _ environment: ExpressionEnvironment) -> Diagnostic {
    if let near = Suggestions.didYouMean(name.text, in: environment.names) {
      return .unknownName(name, help: near)
    }
    if environment.functions[name.text] != nil {
      return .unknownName(name, help: "'\(name.text)' is a function: call it as '\(name.text)(...)'")
    }
    if ["it", "this", "self", "element"].contains(name.text) {
      return .unknownName(name, help: "the element is '.': write '.' where you wrote '\(name.text)'")
    }
    let notes = name.text == "acc" ? ["'acc' is the accumulator of 'scan' and exists only there"] : []
    return .unknownName(name, help: "to read a field of the element, write '.\(name.text)'", notes: notes)
  }
}
