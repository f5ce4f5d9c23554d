import Operators

extension SinkSpec {
  /// Every event of every stage, one line each, time-stamped, with subscribe and dispose.
  public static let log = SinkSpec(name: "log", traces: true) { LogSink(context: $0) }
}

/// Prints each record of the job's tracer as it happens.
///
///     0s      #0 weather "London"  1  subscribe
///     0.3s    #0 weather "London"  1  error serverFailure
final class LogSink: ShowSink {
  init(context: SinkContext) {
    super.init(context: context, render: nil)
    let labels = Dictionary(context.graph.traceable.map { ($0.id, $0.label) }) { first, _ in first }
    let width = labels.values.map(\.count).max() ?? 0
    let output = context.runtime.output
    let start = context.start
    // What a line says before its subscription, made once per node; the time, once per
    // moment (a run on the virtual clock has a few).
    let prefixes = Dictionary(
      uniqueKeysWithValues: labels.map { ($0.key, " #\($0.key) " + $0.value.padding(width) + "  ") })
    let line = LogLine()
    context.tracer?.onRecord = { record in
      let offset = record.time - start
      let time: String
      if let lastTime = line.lastTime, lastTime.offset == offset {
        time = lastTime.text
      } else {
        time = offset.description.padding(7)
        line.lastTime = (offset, time)
      }
      let prefix = prefixes[record.node] ?? " #\(record.node) " + "node \(record.node)".padding(width) + "  "
      line.removeAll()
      line.append(time)
      line.append(prefix)
      line.append(String(record.subscription))
      line.append("  ")
      if case .next(let value as Value) = record.kind {
        line.append("next ")
        line.append(value.show)
      } else {
        line.append(LogSink.describe(record.kind))
      }
      output.line(line.text)
    }
  }

  override func on(_ event: Event<Value>) {
    if case .error(let error) = event { self.error = PipeError.from(error) }
  }

  override func finish(_ end: RunEnd) -> SinkOutcome {
    if let error { context.runtime.output.errorLine(error.unhandledLine) }
    return super.finish(end)
  }

  static func describe(_ kind: Tracer.Kind) -> String {
    switch kind {
    case .next(let value as Value): return "next \(value.show)"
    case .error(let error): return "error \(PipeError.from(error).kind): \(PipeError.from(error).message)"
    default: return kind.description
    }
  }
}

extension String {
  /// The text followed by spaces up to `width` characters (none when it is that long).
  func padding(_ width: Int) -> String {
    self + String(repeating: " ", count: max(0, width - count))
  }
}

/// The line being made, its bytes in one buffer kept from line to line and made a string
/// once (appended piece by piece to a string, each piece cost a check of its capacity and its
/// form), and the time of the last line with its text. Used on the loop only, by one sink:
/// spared the run-time exclusivity checks a captured `var` costs.
private final class LogLine {
  @exclusivity(unchecked) private var bytes: [UInt8] = []
  @exclusivity(unchecked) var lastTime: (offset: Time, text: String)?

  func removeAll() { bytes.removeAll(keepingCapacity: true) }

  func append(_ text: String) { bytes.append(contentsOf: text.utf8) }

  /// The line so far.
  var text: String { String(decoding: bytes, as: UTF8.self) }
}
