import JSON
import Operators

/// Every subscribe, event and dispose of every stage of every job, as one JSON object a line:
/// what `pipe --format jsonl` writes instead of the sinks' text (the schema: LANGUAGE.md,
/// "Events as JSON Lines").
///
///     {"job":1,"stage":0,"label":"just 1","subscription":1,"t_ms":0,"kind":"subscribe"}
///     {"job":1,"stage":0,"label":"just 1","subscription":1,"t_ms":0,"kind":"next","value":1}
///
/// It reads the job's tracer, as `log` does, and the lines go to `write` on the loop. Every
/// string in an event (label, value, error) is redacted before it is encoded: a secret that
/// JSON would escape (a `"` in it) could not be found in the encoded line.
public final class EventLines {
  let write: (String) -> Void
  let redactor: Redactor

  public init(redactor: Redactor, write: @escaping (String) -> Void) {
    self.redactor = redactor
    self.write = write
  }

  /// Writes each record of `tracer` as it happens, after whatever the sink already does with it.
  func follow(_ tracer: Tracer, job: Int, graph: Graph, start: Time) {
    let nodes = Dictionary(graph.traceable.map { ($0.id, $0) }) { first, _ in first }
    let earlier = tracer.onRecord
    tracer.onRecord = { [write, redactor] record in
      earlier?(record)
      let event = EventLines.object(record, job: job, node: nodes[record.node], start: start)
      write(EventLines.redacted(event, by: redactor).encodedString())
    }
  }

  /// One record as its JSON object; the keys in the order LANGUAGE.md gives.
  static func object(_ record: Tracer.Record, job: Int, node: Graph.Node?, start: Time) -> JSONValue {
    var members: [JSONObject.Member] = [
      .init(key: "job", value: .int(job)),
      .init(key: "stage", value: .int(record.node)),
      .init(key: "label", value: .string(node?.label ?? "node \(record.node)")),
    ]
    if let parent = node?.parent { members.append(.init(key: "parent", value: .int(parent))) }
    members.append(.init(key: "subscription", value: .int(record.subscription)))
    let elapsed = record.time - start
    let whole = elapsed.nanoseconds % 1_000_000 == 0
    members.append(
      .init(
        key: "t_ms", value: whole ? .int(Int(elapsed.nanoseconds / 1_000_000)) : .double(elapsed.milliseconds)
      ))
    switch record.kind {
    case .subscribe, .completed, .dispose:
      members.append(.init(key: "kind", value: .string(record.kind.description)))
    case .next(let value):
      members.append(.init(key: "kind", value: .string("next")))
      members.append(.init(key: "value", value: (value as? Value)?.json ?? .string("\(value)")))
    case .error(let error):
      members.append(.init(key: "kind", value: .string("error")))
      members.append(.init(key: "error", value: PipeError.from(error).value.json))
    }
    return .object(JSONObject(uniqueMembers: members))
  }

  /// `json` with every string in it, keys too, redacted.
  static func redacted(_ json: JSONValue, by redactor: Redactor) -> JSONValue {
    switch json {
    case .string(let text): return .string(redactor.redact(text))
    case .array(let items): return .array(items.map { redacted($0, by: redactor) })
    case .object(let object):
      return .object(
        JSONObject(
          uniqueMembers: object.members.map {
            .init(key: redactor.redact($0.key), value: redacted($0.value, by: redactor))
          }))
    default: return json
    }
  }
}
