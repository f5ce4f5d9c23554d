import Operators
import TerminalText

/// The last stage of a running pipeline: what consumes its events.
///
/// A sink is made fresh for each run. It sees every event, then `finish` once, and says
/// whether the run passed (an `expect`), failed, or ended with an unhandled error.
public struct SinkSpec: @unchecked Sendable {
  public var name: String
  /// Whether the sink reads the run's trace (`log`, `marbles`): the job then gets a tracer
  /// of its own, in the sink's context.
  public var traces: Bool
  /// Which of the values before the end the sink reads: less than every one lets a source
  /// that runs the stages before the sink in its own loop keep only that much and hand it
  /// over at the end (`FusedRow`).
  public var reads: SinkReads
  public var make: (SinkContext) -> any SinkConsumer

  public init(
    name: String, traces: Bool = false, reads: SinkReads = .every,
    make: @escaping (SinkContext) -> any SinkConsumer
  ) {
    self.name = name
    self.traces = traces
    self.reads = reads
    self.make = make
  }
}

/// Which of a stream's values a sink reads before its end.
public enum SinkReads: Sendable {
  /// Each value as it comes (`show`, `count`, `expect`).
  case every
  /// The last value only, at the end; an error instead of it (`last`).
  case last
  /// None: only how the stream ends (`discard`).
  case none
}

/// What a sink knows about the run it consumes.
public struct SinkContext {
  public var runtime: Runtime
  public var statement: Statement
  public var graph: Graph
  public var pipeline: CompiledPipeline
  /// The scheduler's time when the pipeline was subscribed.
  public var start: Time
  /// How many times the first stage had been subscribed before this run.
  public var attemptsBefore: Int
  /// Where the statement came from, for messages: `demo.pipe:3`.
  public var location: String
  /// The job's own tracer, when the sink `traces`: every stage's events of this run only.
  public var tracer: Tracer?
  /// The job's control: a sink that can hold no more stops the run with it (`Limits`).
  public var control: RunControl?

  /// How many times the first stage was subscribed during this run.
  public var attempts: Int {
    (pipeline.nodes.first.flatMap { runtime.attempts[$0] } ?? 0) - attemptsBefore
  }

  /// Time since the subscription.
  public var elapsed: Time { runtime.scheduler.now - start }
}

extension SinkContext {
  /// Ends the run with the limit's error, reported by `sink`, which holds `limit` (as
  /// `Holding.take` says it) and can take no more.
  public func stop(_ sink: some SinkConsumer, holding name: String, limit: String) {
    guard control?.reason == nil else { return }
    control?.stop(.limit)
    var error = Limits.exceeded("\(name) holds \(limit)")
    error.source = name
    sink.on(.error(error))
  }

  /// What a sink prints for an error that reached it: its line, and for a limit, the line
  /// of the statement that holds the stage that passed it, with a caret under the stage.
  public func unhandled(_ error: PipeError) -> String {
    guard error.kind == PipeError.limitKind, let span = span(ofStage: error.source, node: error.node) else {
      return error.unhandledLine
    }
    let file = SourceFile(name: location, text: statement.text)
    return error.unhandledLine + "\n" + DiagnosticRenderer().quote(span, in: file)
  }

  /// Where in the statement's text the stage `source` (its text, or a sink's name) is: the
  /// span of its graph node (`node`, else the first of that text, else the last of that name),
  /// else the first place the text is found.
  private func span(ofStage source: String, node id: Int?) -> Span? {
    guard !source.isEmpty else { return nil }
    let label = Graph.label(of: source)
    if let node = id.flatMap(graph.node) ?? graph.nodes.first(where: { $0.label == label })
      ?? graph.nodes.last(where: { $0.name == source })
    {
      let start = node.span.start - statement.span.start
      let end = node.span.end - statement.span.start
      if start >= 0, end <= statement.text.utf8.count { return Span(start, end) }
    }
    guard let range = statement.text.firstRange(of: source) else { return nil }
    let text = statement.text.utf8
    return Span(
      text.distance(from: text.startIndex, to: range.lowerBound),
      text.distance(from: text.startIndex, to: range.upperBound))
  }
}

/// How a run ended.
public enum RunEnd: Equatable, Sendable {
  /// The stream completed or failed.
  case terminated
  /// Someone disposed it: Ctrl-C, `:kill`, the end of a script.
  case cancelled
  /// The virtual clock reached the horizon.
  case horizon
  /// Nothing could happen any more: no timer, no request, and no one to change a setting.
  case stuck
  /// It resubscribed on and on without time moving (see `RunControl`).
  case runaway
}

/// What a sink concluded.
public enum SinkOutcome: Equatable, Sendable {
  case ok
  /// An `expect` that held.
  case passed
  /// An `expect` that did not; the message says how.
  case failed(String)
  /// The stream ended with an error nothing handled.
  case unhandledError(PipeError)
}

/// Consumes one run's events.
public protocol SinkConsumer: AnyObject {
  func on(_ event: Event<Value>)
  func finish(_ end: RunEnd) -> SinkOutcome
  /// A note on why the run stops is about to be written: erase what is drawn in place
  /// (a live diagram), so the note is not drawn over. Most sinks draw nothing in place.
  func eraseLiveDrawing()
}

extension SinkConsumer {
  public func eraseLiveDrawing() {}
}
