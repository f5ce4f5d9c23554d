/// A line a plugin sends to the host.
///
/// ```json
/// {"type":"next","id":7,"value":{"temp":12.5},"after_ms":120}
/// {"type":"error","id":7,"kind":"cityNotFound","message":"no city named 'xyzzy'","status":404}
/// {"type":"error","id":8,"kind":"rateLimited","message":"slow down","status":429,"retry_after_ms":7000}
/// {"type":"completed","id":7}
/// {"type":"log","message":"cache warmed"}
/// ```
/// `after_ms` is a simulated latency: the host delivers the event that many milliseconds after the
/// subscription's previous event (or its subscribe) on its own clock, virtual or real, so a
/// simulator stays deterministic. `retry_after_ms` (protocol 2) is how long the service asked to
/// be left alone (an HTTP `Retry-After`): a retry waits at least that long.
public enum PluginMessage: ProtocolMessage {
  case hello(Hello)
  case next(id: Int, value: JSONValue, afterMs: Int? = nil)
  case error(
    id: Int, kind: String, message: String, status: Int? = nil, afterMs: Int? = nil, retryAfterMs: Int? = nil)
  case completed(id: Int, afterMs: Int? = nil)
  /// A line for the host's log (a plugin may write to stderr instead).
  case log(message: String)

  /// The subscription the message belongs to, if any.
  public var id: Int? {
    switch self {
    case .next(let id, _, _), .error(let id, _, _, _, _, _), .completed(let id, _): id
    case .hello, .log: nil
    }
  }

  public var json: JSONValue {
    var object: JSONObject
    switch self {
    case .hello(let hello):
      object = ["type": "hello"]
      for member in hello.fields.members { object[member.key] = member.value }
    case .next(let id, let value, let afterMs):
      object = ["type": "next", "id": .int(id), "value": value]
      object["after_ms"] = afterMs.map(JSONValue.int)
    case .error(let id, let kind, let message, let status, let afterMs, let retryAfterMs):
      object = ["type": "error", "id": .int(id), "kind": .string(kind), "message": .string(message)]
      object["status"] = status.map(JSONValue.int)
      object["after_ms"] = afterMs.map(JSONValue.int)
      object["retry_after_ms"] = retryAfterMs.map(JSONValue.int)
    case .completed(let id, let afterMs):
      object = ["type": "completed", "id": .int(id)]
      object["after_ms"] = afterMs.map(JSONValue.int)
    case .log(let message):
      object = ["type": "log", "message": .string(message)]
    }
    return .object(object)
  }

  public init(json: JSONValue, version: Int) throws(ProtocolError) {
    let (type, fields) = try FieldReader.message(json)
    var reader = fields
    reader.version = version
    switch type {
    case "hello": self = .hello(try Hello(reading: &reader))
    case "next":
      // `value` may be null, so it is read as present-or-null rather than required.
      let id = try reader.int("id")
      guard reader.object["value"] != nil else { throw reader.error("missing field 'value'") }
      self = .next(
        id: id, value: reader.optional("value") ?? .null, afterMs: try reader.optionalInt("after_ms"))
    case "error":
      let id = try reader.int("id")
      let kind = try reader.string("kind")
      if !isIdentifier(kind) {
        throw reader.error("error kind \(quoted(kind)) is not an identifier (letters, digits, _)")
      }
      try reader.introduced("retry_after_ms", in: 2)
      self = .error(
        id: id, kind: kind, message: try reader.string("message"), status: try reader.optionalInt("status"),
        afterMs: try reader.optionalInt("after_ms"), retryAfterMs: try reader.optionalInt("retry_after_ms"))
    case "completed": self = .completed(id: try reader.int("id"), afterMs: try reader.optionalInt("after_ms"))
    case "log": self = .log(message: try reader.string("message"))
    default:
      throw ProtocolError(
        "unknown message type \(quoted(type)) (expected hello, next, error, completed or log)")
    }
    try reader.finish()
  }
}
