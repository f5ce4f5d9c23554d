/// `&&` and `||` of two comparisons of a field of the element with an int constant, as a
/// filter on records has them (`filter {.temp > 10 && .humidity < 90}`): both fields read
/// from the record bound once, each int where it stands (`FieldCache.int`), and compared in
/// one closure, without a bool `Value` for either side. What it cannot decide (an element
/// that is not a record, a field that is missing or not an int) goes to the general
/// closures, which evaluate both sides again from the start: reading a field and comparing
/// change nothing, so the value and the error are theirs.
extension ExpressionCompiler {
  static func fieldComparisons(
    _ op: BinaryOperator, _ left: Expr, _ right: Expr, _ environment: ExpressionEnvironment,
    general: @escaping Evaluator
  ) -> BoxedEvaluator? {
    guard op == .and || op == .or, let x = FieldComparison(left, environment),
      let y = FieldComparison(right, environment)
    else { return nil }
    let shortCircuit = op == .or
    return BoxedEvaluator { (element, context) throws(PipeError) in
      if case .record(let record) = element, let first = x.holds(in: record) {
        if first == shortCircuit { return .bool(first) }
        if let second = y.holds(in: record) { return .bool(second) }
      }
      return try general(element, context)
    }
  }
}

/// `.key op k`: a field of the element compared with an int constant.
struct FieldComparison: Sendable {
  /// The comparisons, named as the operators they are (`BinaryOperator`'s raw values).
  enum Comparison: String, Sendable {
    case equal = "==", notEqual = "!=", less = "<", lessEqual = "<=", greater = ">", greaterEqual = ">="
  }

  let key: String
  let cache = FieldCache()
  let comparison: Comparison
  let constant: Int

  init?(_ expr: Expr, _ environment: ExpressionEnvironment) {
    guard case .binary(let op, let left, let right) = expr.kind,
      case .field(let base, let name) = left.kind, base.readsTheElement,
      case .int(let constant)? = ExpressionCompiler.folded(right, environment),
      let comparison = Comparison(rawValue: op.rawValue)
    else { return nil }
    self.comparison = comparison
    key = name.text
    self.constant = constant
  }

  /// Whether the comparison holds for `record`'s field; nil when the field is not an int.
  @inline(__always)
  func holds(in record: Record) -> Bool? {
    guard let x = cache.int(of: key, in: record) else { return nil }
    switch comparison {
    case .equal: return x == constant
    case .notEqual: return x != constant
    case .less: return x < constant
    case .lessEqual: return x <= constant
    case .greater: return x > constant
    case .greaterEqual: return x >= constant
    }
  }
}
