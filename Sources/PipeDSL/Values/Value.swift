/// A dynamic value flowing through a pipeline (LANGUAGE.md §4).
///
///     let reading: Value = ["city": "Oslo", "temp": 21.5]
///     reading.show       // {city: "Oslo", temp: 21.5}
///     reading["temp"]    // 21.5
///
/// Int and Double are kept apart: `.int(1) != .double(1)` here, while the expression
/// language's `==` compares numbers by value.
public enum Value: Hashable, Sendable {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case list([Value])
  case record(Record)

  /// The type's name as messages use it: `null`, `bool`, `int`, `double`, `string`, `list`,
  /// `record`.
  public var typeName: String {
    switch self {
    case .null: return "null"
    case .bool: return "bool"
    case .int: return "int"
    case .double: return "double"
    case .string: return "string"
    case .list: return "list"
    case .record: return "record"
    }
  }

  /// A record's field; nil for a missing field or a value that is not a record.
  public subscript(field: String) -> Value? {
    if case .record(let record) = self { return record[field] }
    return nil
  }

  /// The number as a Double, for an int or a double.
  public var number: Double? {
    switch self {
    case .int(let int): return Double(int)
    case .double(let double): return double
    default: return nil
    }
  }

  public var string: String? {
    if case .string(let string) = self { return string }
    return nil
  }
}

extension Value: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
  ExpressibleByDictionaryLiteral
{
  public init(nilLiteral: ()) { self = .null }
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(integerLiteral value: Int) { self = .int(value) }
  public init(floatLiteral value: Double) { self = .double(value) }
  public init(stringLiteral value: String) { self = .string(value) }
  public init(arrayLiteral elements: Value...) { self = .list(elements) }
  public init(dictionaryLiteral elements: (String, Value)...) {
    self = .record(Record(elements))
  }
}

extension Value {
  /// The value as a condition: a bool, or a typeError naming what it was instead.
  public func truthy() throws(PipeError) -> Bool {
    guard case .bool(let bool) = self else {
      throw PipeError(
        kind: PipeError.typeErrorKind,
        message: "expected a bool (true or false), found \(typeName) \(literal)")
    }
    return bool
  }
}
