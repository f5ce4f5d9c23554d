@_exported import JSON

/// A line of the protocol: `HostMessage` (host → plugin) or `PluginMessage` (plugin → host).
///
/// ```swift
/// HostMessage.cancel(id: 7).encodedLine()              // {"type":"cancel","id":7}\n
/// try PluginMessage.decode(line: line)                 // .completed(id: 7, afterMs: nil)
/// ```
/// The wire format is read and written by the `JSON` module only, never through `Codable`
/// (whose decoders neither keep key order nor tell `2.0` from `2`).
public protocol ProtocolMessage: Sendable, Hashable {
  /// The message as a JSON object, `type` first.
  var json: JSONValue { get }
  /// Reads a message of protocol `version` strictly: an unknown type, a missing, mistyped or
  /// unknown field (a field of a later version too) is an error.
  init(json: JSONValue, version: Int) throws(ProtocolError)
}

extension ProtocolMessage {
  /// The message as one line of JSON, with its final newline.
  public func encodedLine() -> [UInt8] {
    var line = json.encoded()
    line.append(0x0A)
    return line
  }

  /// Reads a message of the newest version strictly.
  public init(json: JSONValue) throws(ProtocolError) {
    try self.init(json: json, version: pluginProtocolVersion)
  }

  /// Reads one line (with or without its newline) strictly, as a message of protocol `version`.
  public static func decode(
    line: some Collection<UInt8>, version: Int = pluginProtocolVersion
  ) throws(ProtocolError) -> Self {
    let json: JSONValue
    do {
      json = try JSONValue.parse(line)
    } catch {
      throw ProtocolError(error.description)
    }
    return try Self(json: json, version: version)
  }
}

extension FieldReader {
  /// Reads a message's `type`, and returns a reader of its other fields named after the type.
  static func message(_ json: JSONValue) throws(ProtocolError) -> (type: String, reader: FieldReader) {
    var typeReader = try FieldReader(json, context: "message")
    let type = try typeReader.string("type")
    var reader = try FieldReader(json, context: type)
    _ = reader.optional("type")
    return (type, reader)
  }
}
