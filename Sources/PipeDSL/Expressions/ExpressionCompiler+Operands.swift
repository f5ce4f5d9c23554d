/// Binary operators compiled for the shapes most expressions have (`. * 2`, `. % 4 == 0`,
/// `acc + .`): an operand that is the element, a literal or a name is read in place
/// instead of through a closure of its own, and two ints take an inline path before the
/// general dispatch. Results and errors are the general path's: whatever the inline path
/// cannot decide (an overflow, a division) goes there.
extension ExpressionCompiler {
  /// Where an operand's value comes from.
  enum Operand: Sendable {
    case element
    case constant(Value)
    case variable(Int)
    case computed(Evaluator)

    init(_ expr: Expr, _ environment: ExpressionEnvironment) {
      switch expr.kind {
      case .element: self = .element
      case .literal(let literal): self = .constant(literal.value)
      case .name(let name): self = .variable(environment.names.firstIndex(of: name.text) ?? -1)
      default: self = .computed(build(expr, environment))
      }
    }

    @inline(__always)
    func value(_ element: Value, _ context: ExpressionContext) throws(PipeError) -> Value {
      switch self {
      case .element: return element
      case .constant(let value): return value
      case .variable(let slot): return context[slot]
      case .computed(let evaluate): return try evaluate(element, context)
      }
    }
  }

  static func binary(_ op: BinaryOperator, _ left: Expr, _ right: Expr, _ environment: ExpressionEnvironment)
    -> Evaluator
  {
    if op == .and || op == .or { return binary(op, build(left, environment), build(right, environment)) }
    let x = Operand(left, environment)
    let y = Operand(right, environment)
    let general = Operations.binary(op)
    guard let ints = intPath(op) else {
      return { (element, context) throws(PipeError) in
        try general(try x.value(element, context), try y.value(element, context))
      }
    }
    if let special = specialized(x, y, ints, general) { return special }
    return { (element, context) throws(PipeError) in
      let a = try x.value(element, context)
      let b = try y.value(element, context)
      if case .int(let i) = a, case .int(let j) = b, let result = ints(i, j) { return result }
      return try general(a, b)
    }
  }

  /// `. op 2`, `(...) op 2` and `acc op .`, matched on the element where it stands so an
  /// int is never copied out as a value first.
  private static func specialized(
    _ x: Operand, _ y: Operand, _ ints: @escaping @Sendable (Int, Int) -> Value?,
    _ general: @escaping Operations.Binary
  ) -> Evaluator? {
    switch (x, y) {
    case (.element, .constant(.int(let j))):
      return { (element, _) throws(PipeError) in
        if case .int(let i) = element, let result = ints(i, j) { return result }
        return try general(element, .int(j))
      }
    case (.computed(let evaluate), .constant(.int(let j))):
      return { (element, context) throws(PipeError) in
        let a = try evaluate(element, context)
        if case .int(let i) = a, let result = ints(i, j) { return result }
        return try general(a, .int(j))
      }
    case (.variable(let slot), .element):
      return { (element, context) throws(PipeError) in
        let a = context[slot]
        if case .int(let i) = a, case .int(let j) = element, let result = ints(i, j) { return result }
        return try general(a, element)
      }
    default: return nil
    }
  }

  /// The result of `op` on two ints, or nil where the general path must decide.
  static func intPath(_ op: BinaryOperator) -> (@Sendable (Int, Int) -> Value?)? {
    switch op {
    case .add: return { checked($0.addingReportingOverflow($1)) }
    case .subtract: return { checked($0.subtractingReportingOverflow($1)) }
    case .multiply: return { checked($0.multipliedReportingOverflow(by: $1)) }
    case .remainder:
      return { $1 == 0 ? nil : .int($0.remainderReportingOverflow(dividingBy: $1).partialValue) }
    case .equal: return { .bool($0 == $1) }
    case .notEqual: return { .bool($0 != $1) }
    case .less: return { .bool($0 < $1) }
    case .lessEqual: return { .bool($0 <= $1) }
    case .greater: return { .bool($0 > $1) }
    case .greaterEqual: return { .bool($0 >= $1) }
    case .divide, .and, .or: return nil
    }
  }

  @inline(__always)
  private static func checked(_ result: (partialValue: Int, overflow: Bool)) -> Value? {
    result.overflow ? nil : .int(result.partialValue)
  }
}
