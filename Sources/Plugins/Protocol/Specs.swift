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
public struct SettingSpec: Sendable, Hashable {
  public var key: String
  public var type: ValueType
  public var defaultValue: JSONValue?
  /// Whether the value is shown as `••••` (a key, a token, a password).
  public var secret: Bool
  public var doc: String

  public init(
    _ key: String, _ type: ValueType, default defaultValue: JSONValue? = nil, secret: Bool = false,
    doc: String
  ) {
    self.key = key
    self.type = type
    self.defaultValue = defaultValue
    self.secret = secret
    self.doc = doc
  }
}
