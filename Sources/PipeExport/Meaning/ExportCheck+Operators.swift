import PipeDSL

/// The expressions whose code would compute something else than pipe, silently (JavaScript's
/// `'a' + 1` is `'a1'`, `1 / 0` Infinity, `Math.min([3, 1])` NaN; Swift's `7 / 2` is 3), where
/// the words alone say so: refused, with what pipe does instead.
extension ExportCheck {
  /// Why `lhs op rhs` cannot be exported, or nil: pipe fails with typeError whatever the values
  /// (`"a" + 1`, `1 + null`, `"a" < 1`), or with divisionByZero (`x / 0`); Swift's `/` of two
  /// Ints drops the fraction pipe keeps (`7 / 2` is 3.5 in pipe).
  func operatorReason(_ op: BinaryOperator, _ lhs: Expr, _ rhs: Expr, elementType: String?) -> String? {
    let text = "'\(lhs.description) \(op.rawValue) \(rhs.description)'"
    if let left = Self.operandType(lhs, elementType: nil),
      let right = Self.operandType(rhs, elementType: nil),
      Self.failsWithTypeError(op, left, right)
    {
      return
        "pipe fails with typeError on \(text) (it does not apply '\(op.rawValue)' to \(left) and \(right)), "
        + "where \(library.title) \(library == .rxjs ? "(JavaScript) computes something else" : "does not compile it"): "
        + "convert with str(...) or num(...) first"
    }
    if op == .divide || op == .remainder, case .literal(let zero) = rhs.kind,
      zero == .int(0) || zero == .double(0)
    {
      return "pipe fails with divisionByZero on \(text), where "
        + (library == .rxjs ? "JavaScript gives Infinity or NaN" : "Swift stops the program")
    }
    if op == .divide, library != .rxjs, Self.operandType(lhs, elementType: elementType) == "int",
      Self.operandType(rhs, elementType: elementType) == "int"
    {
      return "pipe's '/' keeps the fraction of two ints (7 / 2 is 3.5), where Swift's Int division drops it "
        + "(3): write one side as a double (2.0)"
    }
    return nil
  }

  /// Why a call cannot be exported, or nil: Swift's `min`/`max` take two or more values, not
  /// one list as pipe's do.
  func callReason(_ name: String, _ arguments: [Expr]) -> String? {
    guard library != .rxjs, ["min", "max"].contains(name), arguments.count == 1 else { return nil }
    return
      "pipe's \(name) of one list is its \(name == "min" ? "least" : "greatest") item (null when it is empty), where Swift's "
      + "\(name) takes two or more values: use the list's own \(name)() as your app needs"
  }

  /// What an operand is where its words say it: a literal, a list or record, `str(...)` and
  /// `len(...)`, and `.` of a stream of `elementType` ("Int", "Double", "String"); nil where
  /// only the running value says.
  static func operandType(_ expr: Expr, elementType: String?) -> String? {
    switch expr.kind {
    case .literal(.string): return "string"
    case .literal(.int): return "int"
    case .literal(.double): return "double"
    case .literal(.bool): return "bool"
    case .literal(.null): return "null"
    case .list: return "list"
    case .record: return "record"
    case .call(let name, _) where name.text == "str": return "string"
    case .call(let name, _) where name.text == "len": return "int"
    case .unary(.negate, let operand): return operandType(operand, elementType: elementType)
    case .element, .field:
      // `.`, or a field of a record of known type (`RecordType`).
      return ["Int": "int", "Double": "double", "String": "string"][
        Meaning.swiftType(expr, element: elementType) ?? ""]
    default: return nil
    }
  }

  /// Whether pipe's `op` fails with typeError on operands of these types: arithmetic applies to
  /// numbers (and `+` to two strings or two lists), an order comparison to two numbers or two
  /// strings; `==` and `!=` compare anything.
  static func failsWithTypeError(_ op: BinaryOperator, _ left: String, _ right: String) -> Bool {
    let numbers = ["int", "double"].contains(left) && ["int", "double"].contains(right)
    switch op {
    case .add: return !numbers && !(left == right && ["string", "list"].contains(left))
    case .subtract, .multiply, .divide, .remainder: return !numbers
    case .less, .lessEqual, .greater, .greaterEqual:
      return !numbers && !(left == "string" && right == "string")
    default: return false
    }
  }
}
