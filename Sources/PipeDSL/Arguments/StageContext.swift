import Operators

/// What a catalogue entry sees while it checks and compiles one stage: its words, split
/// into positional arguments and options, and readers that report problems with spans.
///
/// Every reader returns nil after reporting a diagnostic, so an entry can check all its
/// words before giving up and one typo reports once.
public struct StageContext {
  let compiler: Compiler
  public let stage: Stage
  public let name: Name
  public let positional: [Arg]
  public let options: [StageOption]
  /// The stage's graph node.
  public let node: Int
  /// Whether `.` means an outer element here (inside a sub-pipeline).
  public let hasDot: Bool

  /// The stage's source text, as errors and diagrams name it.
  public var text: String { stage.text }

  /// Reports `diagnostic` (one of Messages+*.swift).
  func report(_ diagnostic: Diagnostic) { compiler.report(diagnostic) }

  /// Reports an error at `span`: for entries outside PipeDSL (the drawing sinks), whose
  /// messages are their own.
  public func error(_ id: Diagnostic.ID, _ message: String, at span: Span, help: String? = nil) {
    report(Diagnostic(id: id, message: message, span: span, help: help))
  }

  /// The value of option `name`, if it was written.
  public func option(_ name: String) -> StageOption? { options.first { $0.name.text == name } }

  /// The positional argument at `index`, if written.
  public func argument(_ index: Int) -> Arg? { index < positional.count ? positional[index] : nil }
}

/// What a strategy entry sees while it compiles `backoff(1, 3)` or `exponential(1s, times: 4)`.
public struct StrategyContext {
  let compiler: Compiler
  public let name: Name
  public let span: Span
  public let positional: [Arg]
  public let labeled: [(name: Name, value: Arg)]
  public let hasDot: Bool

  /// Reports `diagnostic` (one of Messages+*.swift).
  func report(_ diagnostic: Diagnostic) { compiler.report(diagnostic) }

  /// The value of label `name`, if written.
  public func label(_ name: String) -> Arg? { labeled.first { $0.name.text == name }?.value }

  public func argument(_ index: Int) -> Arg? { index < positional.count ? positional[index] : nil }

  /// A context for reading this strategy's arguments with the stage readers.
  var readerContext: ArgumentReader { ArgumentReader(compiler: compiler, hasDot: hasDot) }
}

/// A retry strategy after checking.
public struct CompiledStrategy {
  /// Makes a fresh decider for one `retryWhen` subscription: given the k-th error (k from 1),
  /// a stream whose first element means "resubscribe", whose error means "give up with
  /// this error", and whose completion without an element ends the whole stream quietly.
  public var make: (Env) -> (PipeError, Int) -> Observable<Value>
  /// The engine strategy, for delay-based strategies, so `:schedule` can print it.
  public var schedule: RetryStrategy?
  /// The general form `(errors | ...)`: a pipeline over the error records.
  public var general: CompiledPipeline?

  public init(
    schedule: RetryStrategy? = nil, make: @escaping (Env) -> (PipeError, Int) -> Observable<Value>
  ) {
    self.make = make
    self.schedule = schedule
  }

  /// The general form: every element of `pipeline` (over `errors`) triggers a retry.
  init(general pipeline: CompiledPipeline) {
    self.make = { _ in { error, _ in .error(error) } }
    self.general = pipeline
  }
}
