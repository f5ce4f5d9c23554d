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
    // What a line says before its subscription, made once per node as bytes (a table by
    // node id, as the graph numbers its nodes from 0); the time, once per moment (a run on
    // the virtual clock has a few).
    let prefixes = LogPrefixes(labels: labels, width: width)
    let line = LogLine()
    context.tracer?.onRecord = { record in
      let offset = record.time - start
      line.removeAll()
      line.appendTime(offset)
      line.append(prefixes[record.node])
      line.appendDecimal(record.subscription)
      if case .next(let value as Value) = record.kind {
        line.append(LogLine.nextWord)
        if case .int(let int) = value { line.appendDecimal(int) } else { line.append(value.show) }
      } else {
        line.append(LogLine.gap)
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
/// once, and the time of the last line with its bytes. Each piece is appended as bytes from
/// contiguous storage (appending a `String`'s UTF-8 view element by element, and `String(int)`,
/// were two thirds of a line's cost), and an int as its digits, as `String(int)` writes them.
/// Used on the loop only, by one sink: spared the run-time exclusivity checks a captured `var`
/// costs.
private final class LogLine {
  @exclusivity(unchecked) private var bytes: [UInt8] = []
  @exclusivity(unchecked) private var lastTime: (offset: Time, bytes: [UInt8])?

  /// `"  next "`, between the subscription number and a value; `"  "` before another event.
  static let nextWord = Array("  next ".utf8)
  static let gap = Array("  ".utf8)

  func removeAll() { bytes.removeAll(keepingCapacity: true) }

  func append(_ piece: [UInt8]) { bytes.append(contentsOf: piece) }

  func append(_ text: String) {
    var text = text
    text.withUTF8 { bytes.append(contentsOf: $0) }
  }

  /// The offset as the log writes a time: its description, padded to 7 characters.
  func appendTime(_ offset: Time) {
    if let lastTime, lastTime.offset == offset {
      bytes.append(contentsOf: lastTime.bytes)
      return
    }
    let text = Array(offset.description.padding(7).utf8)
    lastTime = (offset, text)
    bytes.append(contentsOf: text)
  }

  /// `int` in decimal, as `String(int)` writes it: its digits made on the stack, last first,
  /// then appended at once (a byte appended at a time, and reversed in place, cost as much as
  /// `String(int)`).
  func appendDecimal(_ int: Int) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Value.maxDecimalBytes) { digits in
      let start = Value.writeDecimal(int, into: digits)
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
    }
  }

  /// The line so far.
  var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// What a log line says before its subscription number, `" #2 filter {. % 4 == 0}  "`, by
/// node id: an array for the graph's nodes, numbered from 0.
private struct LogPrefixes {
  private let byNode: [[UInt8]?]
  private let width: Int

  init(labels: [Int: String], width: Int) {
    self.width = width
    let count = labels.keys.filter { $0 >= 0 && $0 < 1 << 16 }.max().map { $0 + 1 } ?? 0
    var byNode = [[UInt8]?](repeating: nil, count: count)
    for (node, label) in labels where node >= 0 && node < count {
      byNode[node] = Array(" #\(node) \(label.padding(width))  ".utf8)
    }
    self.byNode = byNode
  }

  /// A node the graph did not name is called `node N`.
  subscript(node: Int) -> [UInt8] {
    if node >= 0 && node < byNode.count, let prefix = byNode[node] { return prefix }
    return Array(" #\(node) \("node \(node)".padding(width))  ".utf8)
  }
}
