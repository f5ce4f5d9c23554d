/// A request to start one stream: `{"type":"subscribe","id":7,"source":"roll","args":{"sides":6},
/// "settings":{"dice.seed":42,"network":"on"},"attempt":1}`.
public struct Subscribe: Sendable, Hashable {
  /// Unique among the subscriptions the host made on this plugin process (1, 2, 3, ...).
  public var id: Int
  public var source: String
  /// Arguments by parameter name. A parameter may be missing: the plugin uses its default.
  public var args: JSONObject
  /// The plugin's own settings (`<name>.*`) and the global ones (keys without a dot).
  public var settings: JSONObject
  /// 1 for the first subscription of this stage, 2 for its first retry, ...
  public var attempt: Int

  public init(id: Int, source: String, args: JSONObject = [:], settings: JSONObject = [:], attempt: Int = 1) {
    self.id = id
    self.source = source
    self.args = args
    self.settings = settings
    self.attempt = attempt
  }
}

/// The host's own hello (protocol 2): its first line to a plugin whose hello said version 2 or
/// later, before any subscribe: `{"type":"hello","protocol":2,"name":"pipe","version":"0.1.0"}`.
/// (Before the plugin speaks, the host offers its versions in `PIPE_PLUGIN_PROTOCOLS`.)
public struct HostHello: Sendable, Hashable {
  /// The version both speak from now on: the one the plugin's hello said.
  public var protocolVersion: Int
  public var name: String
  public var version: String

  public init(protocolVersion: Int, name: String = "pipe", version: String) {
    self.protocolVersion = protocolVersion
    self.name = name
    self.version = version
  }
}

/// A line the host sends to a plugin.
public enum HostMessage: ProtocolMessage {
  /// The host's hello (protocol 2).
  case hello(HostHello)
  case subscribe(Subscribe)
  /// Ends subscription `id` early: the plugin stops it and sends nothing more for it.
  case cancel(id: Int)

  public var json: JSONValue {
    switch self {
    case .hello(let hello):
      [
        "type": "hello", "protocol": .int(hello.protocolVersion), "name": .string(hello.name),
        "version": .string(hello.version),
      ]
    case .subscribe(let request):
      [
        "type": "subscribe", "id": .int(request.id), "source": .string(request.source),
        "args": .object(request.args), "settings": .object(request.settings),
        "attempt": .int(request.attempt),
      ]
    case .cancel(let id): ["type": "cancel", "id": .int(id)]
    }
  }

  public init(json: JSONValue, version: Int) throws(ProtocolError) {
    let (type, fields) = try FieldReader.message(json)
    var reader = fields
    reader.version = version
    switch type {
    case "hello" where version >= 2:
      self = .hello(
        HostHello(
          protocolVersion: try reader.int("protocol", minimum: 2), name: try reader.string("name"),
          version: try reader.string("version")))
    case "subscribe":
      self = .subscribe(
        Subscribe(
          id: try reader.int("id"), source: try reader.string("source"), args: try reader.object("args"),
          settings: try reader.object("settings"), attempt: try reader.int("attempt", minimum: 1)))
    case "cancel":
      self = .cancel(id: try reader.int("id"))
    default:
      let expected = version >= 2 ? "hello, subscribe or cancel" : "subscribe or cancel"
      throw ProtocolError("unknown message type \(quoted(type)) (expected \(expected))")
    }
    try reader.finish()
  }
}
