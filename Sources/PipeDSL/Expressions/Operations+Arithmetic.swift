/// `+ - * / %` and the comparisons, as binary functions the compiler picks once.
extension Operations {
  typealias Binary = @Sendable (Value, Value) throws(PipeError) -> Value

  static func binary(_ op: BinaryOperator) -> Binary {
    switch op {
    case .add: return add
    case .subtract:
      return { (x, y) throws(PipeError) in
        try arithmetic(x, y, "-", { $0.subtractingReportingOverflow($1) }, -)
      }
    case .multiply:
      return { (x, y) throws(PipeError) in
        try arithmetic(x, y, "*", { $0.multipliedReportingOverflow(by: $1) }, *)
      }
    case .divide: return divide
    case .remainder: return remainder
    case .equal: return { x, y in .bool(equal(x, y)) }
    case .notEqual: return { x, y in .bool(!equal(x, y)) }
    case .less: return { (x, y) throws(PipeError) in .bool(try order(x, y, op: "<") < 0) }
    case .lessEqual: return { (x, y) throws(PipeError) in .bool(try order(x, y, op: "<=") <= 0) }
    case .greater: return { (x, y) throws(PipeError) in .bool(try order(x, y, op: ">") > 0) }
    case .greaterEqual: return { (x, y) throws(PipeError) in .bool(try order(x, y, op: ">=") >= 0) }
    case .and, .or: return { x, _ in x }  // short-circuited by the compiler, never called
    }
  }

  /// Ints stay ints (overflow is an error), a double on either side makes a double.
  private static func arithmetic(
    _ left: Value, _ right: Value, _ op: String, _ ints: (Int, Int) -> (partialValue: Int, overflow: Bool),
    _ doubles: (Double, Double) -> Double
  ) throws(PipeError) -> Value {
    if case .int(let x) = left, case .int(let y) = right {
      let (result, overflowed) = ints(x, y)
      guard !overflowed else { throw overflow(op, left, right) }
      return .int(result)
    }
    guard let (x, y) = Operations.doubles(left, right) else { throw mismatch(op, left, right) }
    return .double(doubles(x, y))
  }

  /// `+` also joins two strings or two lists.
  private static func add(_ left: Value, _ right: Value) throws(PipeError) -> Value {
    switch (left, right) {
    case (.string(let x), .string(let y)):
      let bytes = x.utf8.count + y.utf8.count
      guard bytes <= Limits.maxStringBytes else {
        throw Limits.exceeded("a string holds at most \(Limits.maxStringBytes >> 20) MiB")
      }
      return .string(bytes <= smallStringBytes ? joined(x, y, bytes: bytes) : x + y)
    case (.list(let x), .list(let y)):
      guard x.count + y.count <= Limits.maxItems else {
        throw Limits.exceeded("a list holds at most \(Limits.maxItems) values")
      }
      let joined = x + y
      guard Value.list(joined).footprint() <= Limits.maxHeldBytes else { throw PipeError.tooLarge }
      return .list(joined)
    case (.string, _), (_, .string):
      var error = mismatch("+", left, right)
      error.message += "; to join text, convert with str(...)"
      throw error
    default: return try arithmetic(left, right, "+", { $0.addingReportingOverflow($1) }, +)
    }
  }

  /// The most UTF-8 bytes a small string holds (one that needs no allocation).
  static var smallStringBytes: Int { 15 }

  /// `x + y` when it makes a small string (`bytes`, at most `smallStringBytes`): both
  /// strings' bytes copied straight into its storage, which is not validated again when
  /// they are ASCII. `String.append` cost 259 instructions for `"item " + "1999999"`.
  static func joined(_ x: String, _ y: String, bytes: Int) -> String {
    String(unsafeUninitializedCapacity: bytes) { buffer in
      let (_, first) = buffer.initialize(from: x.utf8)
      let (_, second) = UnsafeMutableBufferPointer(rebasing: buffer[first...]).initialize(from: y.utf8)
      return first + second
    }
  }

  /// int / int is an int when it divides exactly and a double otherwise: `6 / 3` is 2,
  /// `7 / 2` is 3.5.
  private static func divide(_ left: Value, _ right: Value) throws(PipeError) -> Value {
    guard let (x, y) = doubles(left, right) else { throw mismatch("/", left, right) }
    guard y != 0 else { throw divisionByZero("/", left) }
    if case .int(let a) = left, case .int(let b) = right {
      let (quotient, overflowed) = a.dividedReportingOverflow(by: b)
      guard !overflowed else { throw overflow("/", left, right) }
      if quotient * b == a { return .int(quotient) }
    }
    return .double(x / y)
  }

  private static func remainder(_ left: Value, _ right: Value) throws(PipeError) -> Value {
    guard let (x, y) = doubles(left, right) else { throw mismatch("%", left, right) }
    guard y != 0 else { throw divisionByZero("%", left) }
    if case .int(let a) = left, case .int(let b) = right {
      return .int(a.remainderReportingOverflow(dividingBy: b).partialValue)
    }
    return .double(x.truncatingRemainder(dividingBy: y))
  }

  private static func divisionByZero(_ op: String, _ left: Value) -> PipeError {
    PipeError(kind: PipeError.divisionByZeroKind, message: "\(left.literal) \(op) 0: division by zero")
  }
}
