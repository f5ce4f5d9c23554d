import PipeDSL
import PluginProtocol

extension Value {
  /// A protocol value as a language value; objects keep their key order.
  public init(_ json: JSONValue) {
    switch json {
    case .null: self = .null
    case .bool(let value): self = .bool(value)
    case .int(let value): self = .int(value)
    case .double(let value): self = .double(value)
    case .string(let value): self = .string(value)
    case .array(let items): self = .list(items.map(Value.init))
    case .object(let object): self = .record(Record(object.members.map { ($0.key, Value($0.value)) }))
    }
  }

  /// The value as sent to a plugin.
  public var json: JSONValue {
    switch self {
    case .null: return .null
    case .bool(let value): return .bool(value)
    case .int(let value): return .int(value)
    case .double(let value): return .double(value)
    case .string(let value): return .string(value)
    case .list(let items): return .array(items.map(\.json))
    case .record(let record):
      return .object(JSONObject(record.fields.map { JSONObject.Member(key: $0.key, value: $0.value.json) }))
    }
  }
}
