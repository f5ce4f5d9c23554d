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
    var lastTime: (offset: Time, text: String)?
    context.tracer?.onRecord = { record in
      let offset = record.time - start
      let time: String
      if let lastTime, lastTime.offset == offset {
        time = lastTime.text
      } else {
        time = offset.description.padding(7)
        lastTime = (offset, time)
      }
      let prefix = prefixes[record.node] ?? " #\(record.node) " + "node \(record.node)".padding(width) + "  "
      // One string, grown once: appending to a copy of `time` would copy it, and each piece
      // made on its own (`describe`'s interpolation) would be one more string per line.
      var line = ""
      line.reserveCapacity(time.utf8.count + prefix.utf8.count + 48)
      line += time
      line += prefix
      line += String(record.subscription)
      line += "  "
      if case .next(let value as Value) = record.kind {
        line += "next "
        line += value.show
      } else {
        line += LogSink.describe(record.kind)
      }
      output.line(line)
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
