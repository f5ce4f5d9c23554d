/// An expression compiled once into nested closures: evaluating it walks no tree.
///
///     let filter = try ExpressionCompiler.compile(expr, in: .element, source: "filter { .temp > 20 }")
///     try filter.evaluate(["temp": 25], ExpressionContext())  // true
public struct CompiledExpression: Sendable {
  public typealias Evaluator = @Sendable (Value, ExpressionContext) throws(PipeError) -> Value

  /// The checked expression it was built from.
  public let expr: Expr
  /// The stage text that run-time errors name.
  let source: String
  /// The tree of closures, whose errors do not name the stage yet.
  let body: Evaluator
  /// The expression on an int, for the shapes that have an int path (`IntForm`); nil for others.
  public let int: IntForm?
  /// The value of an expression of literals alone (`"x" + "y"`), worked out when compiled;
  /// nil for any other, and for one that fails (`1 / 0`), which fails when it runs.
  public let constant: Value?

  /// Evaluates against an element and the values of the environment's names. A runtime
  /// error (`typeError`, `divisionByZero`, `overflow`) is thrown as a `PipeError` whose
  /// `source` is the stage text given to the compiler.
  public var evaluate: Evaluator {
    { [self] (element, context) throws(PipeError) in try self(element, context) }
  }

  /// Evaluates `element` (with no free names bound, unless `context` binds them).
  @inline(__always)
  public func callAsFunction(_ element: Value, _ context: ExpressionContext = ExpressionContext())
    throws(PipeError) -> Value
  {
    do throws(PipeError) {
      return try body(element, context)
    } catch {
      var located = error
      located.source = source
      throw located
    }
  }
}

public enum ExpressionCompiler {
  /// Checks `expr` in `environment` and builds its evaluator; the checker's diagnostics
  /// are thrown when there are any. `source` (the stage's text) goes into runtime errors.
  public static func compile(
    _ expr: Expr, in environment: ExpressionEnvironment, source: String
  ) throws(DiagnosticError) -> CompiledExpression {
    let diagnostics = ExpressionChecker.check(expr, in: environment)
    guard diagnostics.isEmpty else { throw DiagnosticError(diagnostics) }
    return CompiledExpression(
      expr: expr, source: source, body: build(expr, environment), int: intForm(expr, environment),
      constant: folded(expr, environment))
  }

  typealias Evaluator = CompiledExpression.Evaluator

  static func build(_ expr: Expr, _ environment: ExpressionEnvironment) -> Evaluator {
    if let value = folded(expr, environment) { return { _, _ in value } }
    return node(expr, environment)
  }

  /// The value of an expression made of literals alone (`"x" + "y"`, `-1`, `[a: 1]`), worked
  /// out once here; nil for any other, and for one whose evaluation fails (`1 / 0`), which
  /// so fails at run time, as written.
  static func folded(_ expr: Expr, _ environment: ExpressionEnvironment) -> Value? {
    if case .literal(let literal) = expr.kind { return literal.value }
    guard isConstant(expr) else { return nil }
    return try? node(expr, environment)(.null, ExpressionContext())
  }

  /// Whether `expr` reads no element, name or function.
  private static func isConstant(_ expr: Expr) -> Bool {
    switch expr.kind {
    case .literal: return true
    case .element, .name, .call, .invalid: return false
    case .field(let base, _): return isConstant(base)
    case .list(let items): return items.allSatisfy(isConstant)
    case .record(let entries): return entries.allSatisfy { isConstant($0.value) }
    case .unary(_, let operand): return isConstant(operand)
    case .binary(_, let left, let right): return isConstant(left) && isConstant(right)
    case .conditional(let condition, let then, let otherwise):
      return isConstant(condition) && isConstant(then) && isConstant(otherwise)
    }
  }

  /// The closures of one node of `expr`.
  private static func node(_ expr: Expr, _ environment: ExpressionEnvironment) -> Evaluator {
    switch expr.kind {
    case .literal(let literal):
      let value = literal.value
      return { _, _ in value }
    case .element: return { element, _ in element }
    case .name(let name): return variable(environment.names.firstIndex(of: name.text) ?? -1)
    case .field(let base, let name):
      let key = name.text
      let cache = FieldCache()
      if case .element = base.kind {
        return { (element, _) throws(PipeError) in try Operations.field(element, key, cache) }
      }
      let base = build(base, environment)
      return { (element, context) throws(PipeError) in
        try Operations.field(try base(element, context), key, cache)
      }
    case .list(let items): return list(items.map { BoxedEvaluator(run: build($0, environment)) })
    case .record(let entries):
      return record(entries.map(\.key.text), entries.map { Operand($0.value, environment) })
    case .unary(let op, let operand): return unary(op, build(operand, environment))
    case .binary(let op, let left, let right):
      return binary(op, left, right, environment)
    case .conditional(let condition, let then, let otherwise):
      return conditional(
        build(condition, environment), build(then, environment), build(otherwise, environment))
    case .call(let name, let arguments):
      let function = environment.functions[name.text]
      if arguments.count == 1, arguments[0].readsTheElement, let function, function.arity.contains(1),
        let unary = function.unary
      {
        // `len(.)`, `str(.)`: the element handed over where it stands, not through a closure.
        return { (element, _) throws(PipeError) in try unary(element) }
      }
      return call(function, arguments.map { BoxedEvaluator(run: build($0, environment)) })
    case .invalid:
      return { (_, _) throws(PipeError) in
        throw PipeError(kind: "invalidExpression", message: "the expression has errors")
      }
    }
  }
}

extension CompiledExpression {
  /// The expression as a condition (`filter`, `takeWhile`): its bool, or a typeError that
  /// names the stage, as the expression's own errors do.
  public func holds(for element: Value) throws(PipeError) -> Bool {
    let value = try self(element)
    if case .bool(let result) = value { return result }
    do throws(PipeError) {
      return try value.truthy()
    } catch {
      var located = error
      located.source = source
      throw located
    }
  }
}
