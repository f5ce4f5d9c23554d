/// Binary operators compiled for the shapes most expressions have (`. * 2`, `. % 4 == 0`,
/// `acc + .`): an operand that is the element, a literal or a name is read in place
/// instead of through a closure of its own, and two ints take an inline path, specialised
/// for the operator at compile time, before the general dispatch. Results and errors are the
/// general path's: whatever the inline path cannot decide (an overflow, a division) goes there.
extension ExpressionCompiler {
  /// Where an operand's value comes from.
  enum Operand: Sendable {
    case element
    case constant(Value)
    case variable(Int)
    /// A field of the element (`.city`), read as a field read node reads it.
    case field(String, FieldCache)
    case computed(Evaluator)

    init(_ expr: Expr, _ environment: ExpressionEnvironment) {
      switch expr.kind {
      case .element: self = .element
      case .name(let name): self = .variable(environment.names.firstIndex(of: name.text) ?? -1)
      case .field(let base, let name) where base.readsTheElement: self = .field(name.text, FieldCache())
      default:
        if let value = ExpressionCompiler.folded(expr, environment) {
          self = .constant(value)
        } else {
          self = .computed(build(expr, environment))
        }
      }
    }

    @inline(__always)
    func value(_ element: Value, _ context: ExpressionContext) throws(PipeError) -> Value {
      switch self {
      case .element: return element
      case .constant(let value): return value
      case .variable(let slot): return context[slot]
      case .field(let key, let cache): return try Operations.field(element, key, cache)
      case .computed(let evaluate): return try evaluate(element, context)
      }
    }
  }

  static func binary(_ op: BinaryOperator, _ left: Expr, _ right: Expr, _ environment: ExpressionEnvironment)
    -> Evaluator
  {
    if op == .and || op == .or {
      let general = binary(op, build(left, environment), build(right, environment))
      // An optional closure would be wrapped in a reabstraction thunk: the box is unwrapped.
      if let fused = fieldComparisons(op, left, right, environment, general: general) { return fused.run }
      return general
    }
    let x = Operand(left, environment)
    let y = Operand(right, environment)
    let general = Operations.binary(op)
    if case .computed = x, case .binary(let innerOp, let innerLeft, let innerRight) = left.kind,
      let read = NestedRead(innerLeft), case .literal(let inner) = innerRight.kind,
      case .int(let j) = inner.value,
      case .constant(.int(let k)) = y,
      innerOp.hasIntOperation,
      let special = op.withIntOperation(
        ElementConstantThenConstant(read: read, innerOp: innerOp, j: j, k: k, general: general))
    {
      return special.run
    }
    if let special = op.withIntOperation(IntShapes(x: x, y: y, general: general)) { return special.run }
    return { (element, context) throws(PipeError) in
      try general(try x.value(element, context), try y.value(element, context))
    }
  }
}

/// One operator of the expression language on two ints: its result, or nil where the general
/// path must decide (an overflow, a division by zero). A type per operator, so the shapes
/// below are compiled once for each and the int arithmetic sits inline in their closures.
protocol IntOperation: Sendable {
  static func apply(_ x: Int, _ y: Int) -> Value?
}

/// What is built from an `IntOperation` chosen at compile time: an evaluator, boxed in a
/// struct so that, handed back through the generic `Made`, calling it goes through no
/// reabstraction thunk (a bare closure so returned is wrapped in two), or an `IntForm`.
protocol IntOperationUser {
  associatedtype Made = ExpressionCompiler.BoxedEvaluator
  func use<Operation: IntOperation>(_ operation: Operation.Type) -> Made
}

extension BinaryOperator {
  /// Whether the operator has an int operation (all but `/`, `&&`, `||`).
  var hasIntOperation: Bool { self != .divide && self != .and && self != .or }

  /// `user` with the operator's int operation; nil for those that have none (`/`, `&&`, `||`).
  func withIntOperation<User: IntOperationUser>(_ user: User) -> User.Made? {
    switch self {
    case .add: return user.use(IntAdd.self)
    case .subtract: return user.use(IntSubtract.self)
    case .multiply: return user.use(IntMultiply.self)
    case .remainder: return user.use(IntRemainder.self)
    case .equal: return user.use(IntEqual.self)
    case .notEqual: return user.use(IntNotEqual.self)
    case .less: return user.use(IntLess.self)
    case .lessEqual: return user.use(IntLessEqual.self)
    case .greater: return user.use(IntGreater.self)
    case .greaterEqual: return user.use(IntGreaterEqual.self)
    case .divide, .and, .or: return nil
    }
  }
}

/// The closures of `x op y` for one int operation: `. op 2`, `(...) op 2` and `acc op .` read
/// the element where it stands, so an int is never copied out as a value first; any other
/// pair takes the int path when both are ints.
private struct IntShapes: IntOperationUser {
  typealias Evaluator = ExpressionCompiler.Evaluator
  let x: ExpressionCompiler.Operand
  let y: ExpressionCompiler.Operand
  let general: Operations.Binary

  func use<Operation: IntOperation>(_: Operation.Type) -> ExpressionCompiler.BoxedEvaluator {
    ExpressionCompiler.BoxedEvaluator(run: evaluator(Operation.self))
  }

  private func evaluator<Operation: IntOperation>(_: Operation.Type) -> Evaluator {
    let general = general
    switch (x, y) {
    case (.element, .constant(.int(let j))):
      return { (element, _) throws(PipeError) in
        if case .int(let i) = element, let result = Operation.apply(i, j) { return result }
        return try general(element, .int(j))
      }
    case (.computed(let evaluate), .constant(.int(let j))):
      return { (element, context) throws(PipeError) in
        let a = try evaluate(element, context)
        if case .int(let i) = a, let result = Operation.apply(i, j) { return result }
        return try general(a, .int(j))
      }
    case (.field(let key, let cache), .constant(.int(let j))):
      // `.b % 4`, `.temp > 10`: an int field read where it stands, the constant an Int.
      return { (element, _) throws(PipeError) in
        if case .record(let record) = element, let i = cache.int(of: key, in: record),
          let result = Operation.apply(i, j)
        {
          return result
        }
        let a = try Operations.field(element, key, cache)
        if case .int(let i) = a, let result = Operation.apply(i, j) { return result }
        return try general(a, .int(j))
      }
    case (.variable(let slot), .element):
      return { (element, context) throws(PipeError) in
        let a = context[slot]
        if case .int(let i) = a, case .int(let j) = element, let result = Operation.apply(i, j) {
          return result
        }
        return try general(a, element)
      }
    case (let x, let y):
      return { (element, context) throws(PipeError) in
        let a = try x.value(element, context)
        let b = try y.value(element, context)
        if case .int(let i) = a, case .int(let j) = b, let result = Operation.apply(i, j) { return result }
        return try general(a, b)
      }
    }
  }
}

/// What `(read inner j) outer k` reads: the element (`. % 4 == 0`) or a field of it
/// (`.b % 4 == 0`, its int read where it stands).
private enum NestedRead: Sendable {
  case element
  case field(String, FieldCache)

  init?(_ expr: Expr) {
    switch expr.kind {
    case .element: self = .element
    case .field(let base, let name) where base.readsTheElement: self = .field(name.text, FieldCache())
    default: return nil
    }
  }
}

/// `(read inner j) outer k`, as in `. % 4 == 0` and `.b % 4 == 0`: the read and both
/// operations in one closure. Chosen in two steps: the outer operation here, then the inner
/// one through `Inner`.
private struct ElementConstantThenConstant: IntOperationUser {
  let read: NestedRead
  let innerOp: BinaryOperator
  let j: Int
  let k: Int
  let general: Operations.Binary

  /// The caller makes sure that the inner operation has an int path.
  func use<Outer: IntOperation>(_: Outer.Type) -> ExpressionCompiler.BoxedEvaluator {
    innerOp.withIntOperation(
      Inner<Outer>(read: read, j: j, k: k, inner: Operations.binary(innerOp), general: general))!
  }

  struct Inner<Outer: IntOperation>: IntOperationUser {
    let read: NestedRead
    let j: Int
    let k: Int
    let inner: Operations.Binary
    let general: Operations.Binary

    func use<Operation: IntOperation>(_: Operation.Type) -> ExpressionCompiler.BoxedEvaluator {
      let (j, k, inner, general) = (j, k, inner, general)
      switch read {
      case .element:
        return ExpressionCompiler.BoxedEvaluator { (element, _) throws(PipeError) in
          if case .int(let i) = element, case .int(let a)? = Operation.apply(i, j),
            let result = Outer.apply(a, k)
          {
            return result
          }
          return try general(try inner(element, .int(j)), .int(k))
        }
      case .field(let key, let cache):
        return ExpressionCompiler.BoxedEvaluator { (element, _) throws(PipeError) in
          if case .record(let record) = element, let i = cache.int(of: key, in: record),
            case .int(let a)? = Operation.apply(i, j), let result = Outer.apply(a, k)
          {
            return result
          }
          return try general(try inner(try Operations.field(element, key, cache), .int(j)), .int(k))
        }
      }
    }
  }
}

@inline(__always)
private func checked(_ result: (partialValue: Int, overflow: Bool)) -> Value? {
  result.overflow ? nil : .int(result.partialValue)
}

private enum IntAdd: IntOperation {
  @inline(__always) static func apply(_ x: Int, _ y: Int) -> Value? { checked(x.addingReportingOverflow(y)) }
}

private enum IntSubtract: IntOperation {
  @inline(__always) static func apply(_ x: Int, _ y: Int) -> Value? {
    checked(x.subtractingReportingOverflow(y))
  }
}

private enum IntMultiply: IntOperation {
  @inline(__always) static func apply(_ x: Int, _ y: Int) -> Value? {
    checked(x.multipliedReportingOverflow(by: y))
  }
}

private enum IntRemainder: IntOperation {
  @inline(__always) static func apply(_ x: Int, _ y: Int) -> Value? {
    y == 0 ? nil : .int(x.remainderReportingOverflow(dividingBy: y).partialValue)
  }
}

private enum IntEqual: IntOperation {
  @inline(__always) static func apply(_ x: Int, _ y: Int) -> Value? { .bool(x == y) }
}

private enum IntNotEqual: IntOperation {
  @inline(__always) static func apply(_ x: Int, _ y: Int) -> Value? { .bool(x != y) }
}

private enum IntLess: IntOperation {
  @inline(__always) static func apply(_ x: Int, _ y: Int) -> Value? { .bool(x < y) }
}

private enum IntLessEqual: IntOperation {
  @inline(__always) static func apply(_ x: Int, _ y: Int) -> Value? { .bool(x <= y) }
}

private enum IntGreater: IntOperation {
  @inline(__always) static func apply(_ x: Int, _ y: Int) -> Value? { .bool(x > y) }
}

private enum IntGreaterEqual: IntOperation {
  @inline(__always) static func apply(_ x: Int, _ y: Int) -> Value? { .bool(x >= y) }
}

extension Expr {
  /// Whether the expression is `.` alone.
  var readsTheElement: Bool {
    if case .element = kind { return true }
    return false
  }
}
