import Operators

extension SinkSpec {
  /// One line per value; an unhandled error on standard error.
  public static let show = SinkSpec(name: "show") { ShowLinesSink(context: $0) }

  /// Nothing printed; the run still counts an unhandled error.
  public static let discard = SinkSpec(name: "discard", reads: .none) { ShowSink(context: $0, render: nil) }

  /// The number of values, printed at the end.
  public static let count = SinkSpec(name: "count") { CountSink(context: $0, render: nil) }

  /// The last value, printed at the end (nothing if there was none).
  public static let last = SinkSpec(name: "last", reads: .last) { LastSink(context: $0, render: nil) }

  /// Every value in one list, printed at the end.
  public static let collect = SinkSpec(name: "collect") { CollectSink(context: $0) }
}

/// Keeps every value in an array of its own and makes the list once, at the end: a fold
/// into a `.list` would copy the list at every value (quadratic).
final class CollectSink: ShowSink {
  var values: [Value] = []
  private var holding = Holding()

  init(context: SinkContext) { super.init(context: context, render: nil) }

  override func on(_ event: Event<Value>) {
    switch event {
    case .next(let value):
      if let limit = holding.take(value) { return context.stop(self, holding: "collect", limit: limit) }
      values.append(value)
    case .completed: context.runtime.output.line(Value.list(values).show)
    case .error: super.on(event)
    }
  }
}

/// Prints values as they come (or not at all) and reports an unhandled error.
class ShowSink: SinkConsumer {
  let context: SinkContext
  let render: ((Value) -> String)?
  /// The runtime's output, read once: not through the context and the runtime at every value.
  let output: any OutputStream
  var error: PipeError?

  init(context: SinkContext, render: ((Value) -> String)?) {
    self.context = context
    self.render = render
    output = context.runtime.output
  }

  func on(_ event: Event<Value>) {
    switch event {
    case .next(let value): if let render { output.line(render(value)) }
    case .error(let error):
      let pipeError = PipeError.from(error)
      self.error = pipeError
      context.runtime.output.errorLine(context.unhandled(pipeError))
    case .completed: break
    }
  }

  func finish(_ end: RunEnd) -> SinkOutcome { error.map(SinkOutcome.unhandledError) ?? .ok }
}

/// Prints each value's `show` as a line; an int's, a bool's and null's made as bytes
/// (`DecimalDigits`), with no `String` made for the line on its way to standard output.
/// Other values print their `show` text, as `ShowSink` does.
final class ShowLinesSink: ShowSink {
  private static let trueBytes = Array("true".utf8)
  private static let falseBytes = Array("false".utf8)
  private static let nullBytes = Array("null".utf8)

  init(context: SinkContext) { super.init(context: context, render: { $0.show }) }

  override func on(_ event: Event<Value>) {
    guard case .next(let value) = event else { return super.on(event) }
    switch value {
    case .int(let int): DecimalDigits.with(int) { output.line(utf8: $0) }
    case .bool(let bool): write(bool ? ShowLinesSink.trueBytes : ShowLinesSink.falseBytes)
    case .null: write(ShowLinesSink.nullBytes)
    default: output.line(value.show)
    }
  }

  private func write(_ bytes: [UInt8]) { bytes.withUnsafeBufferPointer { output.line(utf8: $0) } }
}

/// Keeps the last value and prints it when the stream completes.
final class LastSink: ShowSink {
  /// Touched by `on` only, one event at a time: spared the run-time exclusivity check.
  @exclusivity(unchecked) var last: Value?

  override func on(_ event: Event<Value>) {
    switch event {
    case .next(let value): last = value
    case .completed: if let last { context.runtime.output.line(last.show) }
    case .error: super.on(event)
    }
  }
}

/// Counts the values and prints how many when the stream completes.
final class CountSink: ShowSink {
  /// Touched by `on` only, one event at a time: spared the run-time exclusivity check.
  @exclusivity(unchecked) var count = 0

  override func on(_ event: Event<Value>) {
    switch event {
    case .next: count &+= 1
    case .completed: context.runtime.output.line(Value.int(count).show)
    case .error: super.on(event)
    }
  }
}

extension PipeError {
  /// `error: cityNotFound — no city named xyzzy (at weather "xyzzy")`, and in a sub-pipeline
  /// the element: `(at weather . for "xyzzy")`.
  public var unhandledLine: String {
    // A few hundred characters at most of what was written: a message and a stage quoted whole
    // could echo a 1 MB line twice.
    "error: \(kind)" + (message.isEmpty ? "" : " — \(message.clipped(to: 300))")
      + (source.isEmpty
        ? ""
        : " (at \(source.clipped(to: 100))\(element.map { " for " + $0.literal.clipped(to: 40) } ?? ""))")
  }
}

extension Value {
  var intValue: Int? {
    if case .int(let value) = self { return value }
    return nil
  }
}
