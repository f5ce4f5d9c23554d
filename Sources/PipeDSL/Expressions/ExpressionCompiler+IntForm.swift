/// An expression on an int, for the shapes a row of `map`, `filter` and `scan` has on a range
/// (`. * 2`, `. % 4 == 0`, `acc + .`): what a stage does with `.int(x)` when the expression
/// gives an int or a bool, without making a `Value` first, as one closure per stage with the
/// operations inline. `.undecided` where only the general path can say (an overflow, a
/// division by zero): it gives the same result as the evaluator whenever it decides.
public enum IntForm: Sendable {
  /// Of the element alone: `. * 2`, `. % 4 == 0`.
  case element(ElementIntForm)
  /// Of the name at `slot` and the element, in that order: `acc + .`.
  case nameAndElement(slot: Int, NameIntForm)
}

/// An expression of the element alone, as the int steps of the stages that use one.
public struct ElementIntForm: Sendable {
  /// `map`: the int it gives.
  let map: @Sendable (Int) -> IntStepOutcome
  /// `filter`: the int kept when the expression is true, dropped when it is false.
  let filter: @Sendable (Int) -> IntStepOutcome

  /// The steps of `function`, compiled for its type: each calls no further closure.
  init<Function: IntFunction>(_ function: Function) {
    map = { i in
      if case .int(let y)? = function(i) { return .keep(y) }
      return .undecided
    }
    filter = { i in
      if case .bool(let keeps)? = function(i) { return keeps ? .keep(i) : .drop }
      return .undecided
    }
  }
}

/// `name op .`, as the int step of a fold that keeps the name's value in `Accumulator`.
public struct NameIntForm: Sendable {
  /// `scan`: the step for one subscription's accumulator, which it updates as the value
  /// path would, only when it decides.
  let scan: @Sendable (Accumulator) -> IntStep

  init<Operation: IntOperation>(_: Operation.Type) {
    scan = { accumulator in
      { x in
        guard case .int(let a) = accumulator.value, case .int(let y)? = Operation.apply(a, x) else {
          return .undecided
        }
        accumulator.value = .int(y)
        return .keep(y)
      }
    }
  }
}

/// An expression's value on an int element; nil where only the general path can say.
protocol IntFunction: Sendable {
  func callAsFunction(_ i: Int) -> Value?
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
    case (.element, .binary(let innerOp, let innerLeft, let innerRight)):
      guard case .element = innerLeft.kind, case .literal(let inner) = innerRight.kind,
        case .int(let k) = inner.value, innerOp.hasIntOperation
      else { return nil }
      return op.withIntOperation(ElementThenNestedForm(innerOp: innerOp, k: k))
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
    .element(ElementIntForm(Function<Operation>(j: j)))
  }

  struct Function<Operation: IntOperation>: IntFunction {
    let j: Int
    @inline(__always) func callAsFunction(_ i: Int) -> Value? { Operation.apply(i, j) }
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
      .element(ElementIntForm(Function<Operation, Outer>(j: j, k: k)))
    }
  }

  struct Function<Inner: IntOperation, Outer: IntOperation>: IntFunction {
    let j: Int
    let k: Int
    @inline(__always) func callAsFunction(_ i: Int) -> Value? {
      guard case .int(let a)? = Inner.apply(i, j) else { return nil }
      return Outer.apply(a, k)
    }
  }
}

/// `. outer (. inner k)`, as in `. - . % 2`: the outer operation here, the inner through `Inner`.
private struct ElementThenNestedForm: IntOperationUser {
  let innerOp: BinaryOperator
  let k: Int

  func use<Outer: IntOperation>(_: Outer.Type) -> IntForm {
    innerOp.withIntOperation(Inner<Outer>(k: k))!
  }

  struct Inner<Outer: IntOperation>: IntOperationUser {
    let k: Int

    func use<Operation: IntOperation>(_: Operation.Type) -> IntForm {
      .element(ElementIntForm(Function<Operation, Outer>(k: k)))
    }
  }

  struct Function<Inner: IntOperation, Outer: IntOperation>: IntFunction {
    let k: Int
    @inline(__always) func callAsFunction(_ i: Int) -> Value? {
      guard case .int(let b)? = Inner.apply(i, k) else { return nil }
      return Outer.apply(i, b)
    }
  }
}

/// `name op .`.
private struct NameThenElementForm: IntOperationUser {
  let slot: Int

  func use<Operation: IntOperation>(_ operation: Operation.Type) -> IntForm {
    .nameAndElement(slot: slot, NameIntForm(operation))
  }
}
