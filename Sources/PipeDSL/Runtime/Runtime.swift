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
