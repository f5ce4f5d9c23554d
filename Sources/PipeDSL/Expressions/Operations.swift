/// What the operators of the expression language do to values at run time.
///
/// A value of the wrong type is a `typeError`; `/` or `%` by zero, int or double, is a
/// `divisionByZero`; an int result beyond 64 bits is an `overflow`. All are `PipeError`s
/// thrown into the stream, never crashes.
enum Operations {
  static func typeError(_ message: String) -> PipeError {
    PipeError(kind: PipeError.typeErrorKind, message: message)
  }

  static func mismatch(_ op: String, _ left: Value, _ right: Value) -> PipeError {
    typeError("cannot apply '\(op)' to \(describe(left)) and \(describe(right))")
  }

  /// `int 5`, `string "abc"`, with long values cut short.
  static func describe(_ value: Value) -> String {
    if case .null = value { return "null" }
    let literal = value.literal
    let shown = literal.count > 24 ? String(literal.prefix(21)) + "..." : literal
    return "\(value.typeName) \(shown)"
  }

  /// Both values as doubles, when both are numbers.
  static func doubles(_ left: Value, _ right: Value) -> (Double, Double)? {
    guard let x = left.number, let y = right.number else { return nil }
    return (x, y)
  }

  static func requireBool(_ value: Value, in role: String) throws(PipeError) -> Bool {
    guard case .bool(let bool) = value else {
      throw typeError("\(role) needs a bool, not \(describe(value))")
    }
    return bool
  }

  /// `record.key`: the field, or null when missing; `null.key` is null too.
  static func field(_ value: Value, _ key: String) throws(PipeError) -> Value {
    switch value {
    case .record(let record): return record[key] ?? .null
    case .null: return .null
    default: throw typeError("cannot read field '\(key)' of \(describe(value))")
    }
  }

  /// `record.key` as one field read in an expression does it: at the index `cache` keeps
  /// when the key is there (`FieldCache`).
  @inline(__always)
  static func field(_ value: Value, _ key: String, _ cache: FieldCache) throws(PipeError) -> Value {
    if case .record(let record) = value { return cache.value(of: key, in: record) ?? .null }
    return try field(value, key)
  }

  static func negate(_ value: Value) throws(PipeError) -> Value {
    switch value {
    case .int(let int):
      guard int != .min else { throw overflow("-", value) }
      return .int(-int)
    case .double(let double): return .double(-double)
    default: throw typeError("cannot apply '-' to \(describe(value))")
    }
  }

  static func not(_ value: Value) throws(PipeError) -> Value {
    .bool(!(try requireBool(value, in: "'!'")))
  }

  static func overflow(_ op: String, _ values: Value...) -> PipeError {
    PipeError(
      kind: PipeError.overflowKind,
      message: "'\(op)' on \(values.map(\.literal).joined(separator: " and ")) overflows an int")
  }

  /// `==`: numbers by value (`1 == 1.0`), anything else structurally.
  static func equal(_ left: Value, _ right: Value) -> Bool {
    if let (x, y) = doubles(left, right) {
      if case .int(let a) = left, case .int(let b) = right { return a == b }
      return x == y
    }
    return left == right
  }

  /// How two numbers or two strings are ordered: negative, zero or positive.
  static func order(_ left: Value, _ right: Value, op: String) throws(PipeError) -> Int {
    switch (left, right) {
    case (.int(let x), .int(let y)): return x < y ? -1 : x == y ? 0 : 1
    case (.string(let x), .string(let y)): return x < y ? -1 : x == y ? 0 : 1
    default:
      guard let (x, y) = doubles(left, right) else { throw mismatch(op, left, right) }
      return x < y ? -1 : x == y ? 0 : 1
    }
  }
}
