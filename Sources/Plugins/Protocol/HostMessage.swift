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

/// A line the host sends to a plugin.
public enum HostMessage: ProtocolMessage {
  case subscribe(Subscribe)
  /// Ends subscription `id` early: the plugin stops it and sends nothing more for it.
  case cancel(id: Int)

  public var json: JSONValue {
    switch self {
    case .subscribe(let request):
      [
        "type": "subscribe", "id": .int(request.id), "source": .string(request.source),
        "args": .object(request.args), "settings": .object(request.settings),
        "attempt": .int(request.attempt),
      ]
    case .cancel(let id): ["type": "cancel", "id": .int(id)]
    }
  }

  public init(json: JSONValue) throws(ProtocolError) {
    let (type, fields) = try FieldReader.message(json)
    var reader = fields
    switch type {
    case "subscribe":
      self = .subscribe(
        Subscribe(
          id: try reader.int("id"), source: try reader.string("source"), args: try reader.object("args"),
          settings: try reader.object("settings"), attempt: try reader.int("attempt", minimum: 1)))
    case "cancel":
      self = .cancel(id: try reader.int("id"))
    default:
      throw ProtocolError("unknown message type '\(type)' (expected subscribe or cancel)")
    }
    try reader.finish()
  }
}
