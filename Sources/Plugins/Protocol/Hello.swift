/// The plugin's first line: who it is and what it offers.
///
/// ```json
/// {"type":"hello","protocol":1,"name":"dice","version":"1.0.0",
///  "sources":[{"name":"roll","doc":"Rolls dice","params":[{"name":"sides","type":"int","default":6,"doc":"faces"}]}],
///  "settings":[{"key":"dice.seed","type":"int","default":42,"doc":"seed of the draws"}],
///  "errors":["tooManyDice"]}
/// ```
public struct Hello: Sendable, Hashable {
  public var protocolVersion: Int
  /// The plugin's name: an identifier, and the namespace of its settings.
  public var name: String
  public var version: String
  public var sources: [SourceSpec]
  /// Every key starts with `name.`.
  public var settings: [SettingSpec]
  /// The error kinds the plugin's sources can raise (camelCase words).
  public var errors: [String]

  public init(
    name: String, version: String, sources: [SourceSpec], settings: [SettingSpec] = [], errors: [String] = [],
    protocolVersion: Int = pluginProtocolVersion
  ) {
    self.protocolVersion = protocolVersion
    self.name = name
    self.version = version
    self.sources = sources
    self.settings = settings
    self.errors = errors
  }

  /// The field `type` is read by the caller. The version is checked first, so that a plugin of
  /// another version is told so rather than about a field it does not know.
  init(reading reader: inout FieldReader) throws(ProtocolError) {
    protocolVersion = try reader.int("protocol")
    guard pluginProtocolVersions.contains(protocolVersion) else {
      throw reader.error(
        "protocol version \(protocolVersion) is not supported (this side speaks \(spoken(pluginProtocolVersions)))"
      )
    }
    reader.version = protocolVersion
    name = try reader.string("name")
    if !isIdentifier(name) {
      throw reader.error("plugin name \(quoted(name)) is not an identifier (letters, digits, _)")
    }
    version = try reader.string("version")
    sources = try reader.array("sources") { (json, context) throws(ProtocolError) in
      try SourceSpec(json: json, context: context)
    }
    settings = try reader.array("settings") {
      [version = protocolVersion] (json, context) throws(ProtocolError) in
      try SettingSpec(json: json, context: context, version: version)
    }
    errors = try reader.array("errors") { (json, context) throws(ProtocolError) in
      guard let kind = json.stringValue, isIdentifier(kind) else {
        throw ProtocolError("must be an identifier string, got \(json.encodedString())", context: context)
      }
      return kind
    }
    try validate(reader)
    try reader.finish()
  }

  private func validate(_ reader: FieldReader) throws(ProtocolError) {
    if let duplicate = sources.map(\.name).firstDuplicate {
      throw reader.error("source \(quoted(duplicate)) is declared twice")
    }
    if let duplicate = settings.map(\.key).firstDuplicate {
      throw reader.error("setting \(quoted(duplicate)) is declared twice")
    }
    for setting in settings where !isSettingKey(setting.key) {
      throw reader.error("setting key \(quoted(setting.key)) must be \(quoted(name + ".<identifier>"))")
    }
  }

  private func isSettingKey(_ key: String) -> Bool {
    guard key.hasPrefix(name + ".") else { return false }
    return key.dropFirst(name.count + 1).split(separator: ".", omittingEmptySubsequences: false)
      .allSatisfy { isIdentifier(String($0)) }
  }

  /// This hello as a plugin of protocol `version` says it: what that version cannot say is
  /// left out (before version 2, a setting's `allowed`, `minimum` and `maximum`).
  public func speaking(_ version: Int) -> Hello {
    var hello = self
    hello.protocolVersion = version
    if version < 2 {
      hello.settings = settings.map { setting in
        var setting = setting
        (setting.allowed, setting.minimum, setting.maximum) = (nil, nil, nil)
        return setting
      }
    }
    return hello
  }

  var fields: JSONObject {
    [
      "protocol": .int(protocolVersion), "name": .string(name), "version": .string(version),
      "sources": .array(sources.map(\.json)), "settings": .array(settings.map(\.json)),
      "errors": .array(errors.map(JSONValue.string)),
    ]
  }
}
