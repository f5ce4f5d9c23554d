/// An expression on an int, for the shapes a row of `map`, `filter` and `scan` has on a range
/// (`. * 2`, `. % 4 == 0`, `acc + .`): what the expression gives for `.int(x)` when that is an
/// int or a bool, without making a `Value` first. `.undecided` where only the general path can
/// say (an overflow, a division by zero): it gives the same result as the evaluator whenever
/// it decides.
public enum IntResult: Sendable {
  case int(Int)
  case bool(Bool)
  case undecided

  @inline(__always) init(_ value: Value?) {
    switch value {
    case .int(let int)?: self = .int(int)
    case .bool(let bool)?: self = .bool(bool)
    default: self = .undecided
    }
  }
}

/// How an expression reads its operands on the int path.
public enum IntForm: Sendable {
  /// Of the element alone: `. * 2`, `. % 4 == 0`.
  case element(@Sendable (Int) -> IntResult)
  /// Of the name at `slot` and the element, in that order: `acc + .`.
  case nameAndElement(slot: Int, @Sendable (Int, Int) -> IntResult)
}

extension ExpressionCompiler {
  /// The int form of `expr`, for the shapes that have one; nil for any other.
  static func intForm(_ expr: Expr, _ environment: ExpressionEnvironment) -> IntForm? {
    guard case .binary(let op, let left, let right) = expr.kind else { return nil }
    switch (left.kind, right.kind) {
    case (.element, .literal(let literal)):
      guard case .int(let j) = literal.value else { return nil }
      return op.withIntOperation(ElementThenConstantForm(j: j))
    case (.binary(let innerOp, let innerLeft, let innerRight), .literal(let literal)):
      guard case .element = innerLeft.kind, case .literal(let inner) = innerRight.kind,
        case .int(let j) = inner.value, case .int(let k) = literal.value, innerOp.hasIntOperation
      else { return nil }
      return op.withIntOperation(NestedForm(innerOp: innerOp, j: j, k: k))
    case (.name(let name), .element):
      guard let slot = environment.names.firstIndex(of: name.text) else { return nil }
      return op.withIntOperation(NameThenElementForm(slot: slot))
    default: return nil
    }
  }
}

/// `. op j`.
private struct ElementThenConstantForm: IntOperationUser {
  let j: Int

  func use<Operation: IntOperation>(_: Operation.Type) -> IntForm {
    let j = j
    return .element { i in IntResult(Operation.apply(i, j)) }
  }
}

/// `(. inner j) outer k`: the outer operation here, then the inner one through `Inner`.
private struct NestedForm: IntOperationUser {
  let innerOp: BinaryOperator
  let j: Int
  let k: Int

  func use<Outer: IntOperation>(_: Outer.Type) -> IntForm {
    innerOp.withIntOperation(Inner<Outer>(j: j, k: k))!
  }

  struct Inner<Outer: IntOperation>: IntOperationUser {
    let j: Int
    let k: Int

    func use<Operation: IntOperation>(_: Operation.Type) -> IntForm {
      let (j, k) = (j, k)
      return .element { i in
        guard case .int(let a)? = Operation.apply(i, j) else { return .undecided }
        return IntResult(Outer.apply(a, k))
      }
    }
  }
}

/// `name op .`.
private struct NameThenElementForm: IntOperationUser {
  let slot: Int

  func use<Operation: IntOperation>(_: Operation.Type) -> IntForm {
    .nameAndElement(slot: slot) { a, i in IntResult(Operation.apply(a, i)) }
  }
}
