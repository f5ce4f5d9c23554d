import Operators

/// Everything a running pipeline needs from outside the language: the clock, the settings,
/// the tracer, the plugin sources, the cache of last good values, and where output goes.
///
/// One runtime serves a whole session (a script or a prompt); every stage reads it through
/// its `Env` at subscription time, so a compiled pipeline can run again on another clock.
public final class Runtime {
  public let scheduler: any Scheduler
  public let settings: Settings
  /// Records every event of every stage when diagrams or `log` need them.
  public var tracer: Tracer?
  /// The plugin sources (weather, random, airquality, ...), if any are available.
  public var sources: (any ExternalSources)?
  /// The last good value per (source, arguments), for `catch cache`.
  public var cache: ValueCache
  /// Where sinks write their lines.
  public var output: any OutputStream
  /// How `ask` decides: a person at the prompt, or a scripted answer.
  public var ask: (PipeError) -> AskAnswer
  /// Seeds every random choice (jitter, chaos): the `seed` setting, so `set seed 7` and
  /// `--seed 7` are one thing.
  public var seed: UInt64 {
    get { settings["seed"].intValue.map { UInt64(bitPattern: Int64($0)) } ?? 42 }
    set { settings.set("seed", .int(Int(Int64(bitPattern: newValue)))) }
  }
  /// The counters of `count NAME` actions.
  public var counters: [String: Int] = [:]
  /// How many times each graph node was subscribed.
  public internal(set) var attempts: [Int: Int] = [:]
  /// Draws a failed marble `expect` as lanes, expected above actual; the command line
  /// installs the diagram renderer, and without one the marble strings are printed alone.
  public var drawExpectation: ((ExpectationFailure) -> [String])?
  /// Per-session state of the modules built on this one (the diagrams' last run, for
  /// `:export svg`), each under a key of its own.
  public var attachments: [ObjectIdentifier: AnyObject] = [:]

  public init(
    scheduler: any Scheduler, settings: Settings = Settings(), output: any OutputStream,
    cache: ValueCache = ValueCache()
  ) {
    self.scheduler = scheduler
    self.settings = settings
    self.output = output
    self.cache = cache
    self.ask = { _ in .fail }
  }
}

/// What the person answered to `[r]etry, [d]efault value, [f]ail?`.
public enum AskAnswer: String, Sendable, CaseIterable {
  case retry, `default`, fail
}

/// Where a sink's lines go: standard output and standard error, or a buffer in tests.
public protocol OutputStream: AnyObject {
  func line(_ text: String)
  func errorLine(_ text: String)
}

/// Collects output in memory, for tests and for `expect`.
public final class BufferedOutput: OutputStream {
  public private(set) var lines: [String] = []
  public private(set) var errorLines: [String] = []
  public init() {}
  public func line(_ text: String) { lines.append(text) }
  public func errorLine(_ text: String) { errorLines.append(text) }
}

/// What a stage sees when it is subscribed: the runtime and, inside a sub-pipeline, the
/// outer element `.` (the outer error, for `catch`).
public struct Env {
  public var runtime: Runtime
  public var dot: Value?
  /// State shared by the stages of one built pipeline (one per flatMap element).
  public var scope: PipelineScope
  /// Inside `retryWhen (errors | ...)`: the stream of errors, as records.
  public var errors: Observable<Value>?

  public init(runtime: Runtime, dot: Value? = nil) {
    self.runtime = runtime
    self.dot = dot
    self.scope = PipelineScope()
  }

  /// The same environment with another outer element.
  public func with(dot: Value) -> Env {
    var copy = self
    copy.dot = dot
    return copy
  }

  /// The same environment with a fresh scope, for building one more pipeline.
  func withNewScope() -> Env {
    var copy = self
    copy.scope = PipelineScope()
    return copy
  }
}

/// What the stages of one built pipeline share while it runs.
public final class PipelineScope {
  /// The cache key of the last subscription of the pipeline's plugin source, for `catch cache`.
  public var sourceKey: String?
  /// Subscriptions of each stage within this built pipeline, by graph node.
  var attempts: [Int: Int] = [:]
  /// Sources made once per built pipeline (hot marble timelines), by graph node.
  var made: [Int: Observable<Value>] = [:]
  public init() {}

  /// The source for `node`, made on first use.
  func once(_ node: Int, _ make: () -> Observable<Value>) -> Observable<Value> {
    if let made = made[node] { return made }
    let result = make()
    made[node] = result
    return result
  }
}
