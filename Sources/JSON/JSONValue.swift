/// A JSON value, as pipe reads and writes it everywhere (the plugin protocol, the settings and
/// cache files, values given to the language): integers and doubles are kept apart, and an
/// object keeps its keys in the order they were written.
///
/// ```swift
/// let weather: JSONValue = ["city": "Oslo", "temp": 12.5, "humidity": 80]
/// weather["temp"]?.doubleValue   // 12.5
/// weather.encodedString()         // {"city":"Oslo","temp":12.5,"humidity":80}
/// ```
public enum JSONValue: Sendable, Hashable {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case array([JSONValue])
  case object(JSONObject)
}

extension JSONValue {
  /// The string, if this is a string.
  public var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// The integer, if this is an integer (a double with an integral value does not count).
  public var intValue: Int? {
    if case .int(let value) = self { return value }
    return nil
  }

  /// The number as a double, if this is an integer or a double.
  public var doubleValue: Double? {
    switch self {
    case .int(let value): Double(value)
    case .double(let value): value
    default: nil
    }
  }

  /// The boolean, if this is a boolean.
  public var boolValue: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  /// The elements, if this is an array.
  public var arrayValue: [JSONValue]? {
    if case .array(let value) = self { return value }
    return nil
  }

  /// The object, if this is an object.
  public var objectValue: JSONObject? {
    if case .object(let value) = self { return value }
    return nil
  }

  /// Whether this is `null`.
  public var isNull: Bool { self == .null }

  /// The member `key` of an object; `nil` for a missing key or a value that is not an object.
  public subscript(key: String) -> JSONValue? {
    objectValue?[key]
  }

  /// The name of this value's JSON type, as error messages say it: `"string"`, `"int"`, ...
  public var typeName: String {
    switch self {
    case .null: "null"
    case .bool: "bool"
    case .int: "int"
    case .double: "double"
    case .string: "string"
    case .array: "array"
    case .object: "object"
    }
  }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
  ExpressibleByDictionaryLiteral
{
  public init(nilLiteral: ()) { self = .null }
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(integerLiteral value: Int) { self = .int(value) }
  public init(floatLiteral value: Double) { self = .double(value) }
  public init(stringLiteral value: String) { self = .string(value) }
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(JSONObject(elements.map { JSONObject.Member(key: $0.0, value: $0.1) }))
  }
}
