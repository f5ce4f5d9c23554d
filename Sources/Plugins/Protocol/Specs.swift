/// The type of a source parameter or a setting, as the hello declares it.
public enum ValueType: String, Sendable, Hashable, CaseIterable, Codable {
  case string, int, number, bool, list, record, any

  /// Whether `value` has this type: `number` accepts ints and doubles, `any` everything.
  public func accepts(_ value: JSONValue) -> Bool {
    switch (self, value) {
    case (.any, _), (.string, .string), (.int, .int), (.number, .int), (.number, .double), (.bool, .bool),
      (.list, .array), (.record, .object):
      true
    default: false
    }
  }
}

/// A parameter of a source: `{"name": "city", "type": "string", "default": "London", "doc": "..."}`.
/// A parameter without a default is required.
public struct ParamSpec: Sendable, Hashable {
  public var name: String
  public var type: ValueType
  public var defaultValue: JSONValue?
  public var doc: String

  public init(_ name: String, _ type: ValueType, default defaultValue: JSONValue? = nil, doc: String) {
    self.name = name
    self.type = type
    self.defaultValue = defaultValue
    self.doc = doc
  }
}

/// A source a plugin offers: `{"name": "weather", "doc": "...", "params": [...], "example": "..."}`.
public struct SourceSpec: Sendable, Hashable {
  public var name: String
  public var doc: String
  public var params: [ParamSpec]
  /// A pipeline that uses the source, as the prompt's `:help` shows it.
  public var example: String?

  public init(_ name: String, doc: String, params: [ParamSpec] = [], example: String? = nil) {
    self.name = name
    self.doc = doc
    self.params = params
    self.example = example
  }
}

/// A setting a plugin reads: `{"key": "weather.apiKey", "type": "string", "secret": true, "doc": "..."}`.
/// The key is the full key, in the plugin's namespace (`<plugin name>.<key>`).
///
/// A setting may also say which values it takes, so that `set` refuses any other at once:
/// `allowed` lists them (`["sim", "live"]`), and `minimum`/`maximum` bound a number (inclusive).
public struct SettingSpec: Sendable, Hashable {
  public var key: String
  public var type: ValueType
  public var defaultValue: JSONValue?
  /// Whether the value is shown as `••••` (a key, a token, a password).
  public var secret: Bool
  public var doc: String
  /// The only values the setting takes, when it lists them.
  public var allowed: [JSONValue]?
  /// The smallest number the setting takes (an `int` or `number` setting).
  public var minimum: Double?
  /// The largest number the setting takes (an `int` or `number` setting).
  public var maximum: Double?

  public init(
    _ key: String, _ type: ValueType, default defaultValue: JSONValue? = nil, secret: Bool = false,
    allowed: [JSONValue]? = nil, minimum: Double? = nil, maximum: Double? = nil, doc: String
  ) {
    self.key = key
    self.type = type
    self.defaultValue = defaultValue
    self.secret = secret
    self.allowed = allowed
    self.minimum = minimum
    self.maximum = maximum
    self.doc = doc
  }

  /// Why `value` is not one this setting takes, or nil when it is: the wrong type, not one of
  /// `allowed`, or outside `minimum...maximum`.
  public func problem(with value: JSONValue) -> String? {
    guard type.accepts(value) else { return "must be \(type.rawValue), got \(value.encodedString())" }
    if let allowed, !allowed.contains(value) {
      return
        "must be \(allowed.map { $0.encodedString() }.joined(separator: " or ")), got \(value.encodedString())"
    }
    if let number = value.doubleValue,
      !(minimum.map { number >= $0 } ?? true) || !(maximum.map { number <= $0 } ?? true)
    {
      return "must be \(rangeText), got \(value.encodedString())"
    }
    return nil
  }

  /// `from 0.001 to 3600`, `at least 1`, `at most 10`.
  public var rangeText: String {
    switch (minimum, maximum) {
    case (let low?, let high?): "from \(Self.number(low)) to \(Self.number(high))"
    case (let low?, nil): "at least \(Self.number(low))"
    case (nil, let high?): "at most \(Self.number(high))"
    case (nil, nil): "any number"
    }
  }

  /// A bound as a message writes it: `10`, `0.5`.
  static func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
  }
}
