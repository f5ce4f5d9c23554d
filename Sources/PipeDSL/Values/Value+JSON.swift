import JSON

/// Values to and from JSON, through the one JSON module: field order and the Int/Double
/// distinction are kept.
///
///     try Value(json: #"{"city":"Oslo","temp":21.5,"humidity":81}"#)
///     // [city: "Oslo", temp: 21.5, humidity: 81]
///     (["a": [1, 2.5, nil]] as Value).json.encodedString()  // {"a":[1,2.5,null]}
///
/// A number without a fraction or exponent that fits 64 bits is an int, any other a double.
/// A double that is not finite is written as `null`, which JSON has no other way to say. The
/// text is read strictly (see `JSONValue.parse`): no duplicate keys, no lone surrogates, valid
/// UTF-8.
extension Value {
  public init(json: String) throws(JSONError) {
    self.init(try JSONValue.parse(json))
  }

  public init(jsonBytes: [UInt8]) throws(JSONError) {
    self.init(try JSONValue.parse(jsonBytes))
  }

  /// A JSON value as a language value; objects keep their key order.
  public init(_ json: JSONValue) {
    switch json {
    case .null: self = .null
    case .bool(let value): self = .bool(value)
    case .int(let value): self = .int(value)
    case .double(let value): self = .double(value)
    case .string(let value): self = .string(value)
    case .array(let items): self = .list(items.map(Value.init))
    case .object(let object):
      // The keys' sequence is interned, so that every answer of a source shares one shape.
      self = .record(
        Record(shape: .of(object.members.map(\.key)), values: object.members.lazy.map { Value($0.value) }))
    }
  }

  /// The value as JSON (`.json.encodedString()` is its compact text), fields in order.
  public var json: JSONValue {
    switch self {
    case .null: return .null
    case .bool(let value): return .bool(value)
    case .int(let value): return .int(value)
    case .double(let value): return .double(value)
    case .string(let value): return .string(value)
    case .list(let items): return .array(items.map(\.json))
    case .record(let record):
      return .object(
        JSONObject(uniqueMembers: record.map { JSONObject.Member(key: $0.key, value: $0.value.json) }))
    }
  }
}
