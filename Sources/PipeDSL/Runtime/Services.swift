import Operators

/// Everything a session is given from outside the language, once, when it is made: where
/// output goes, the settings, the cache of last good values, the plugin sources, how `ask`
/// is answered, where `input` reads lines, how failed expectations are drawn, and the
/// redactor that keeps secrets out of every line.
///
/// A session keeps its services for its whole life; the prompt gives every session it makes
/// (one per clock) the same services, so they share settings, cache, plugins and drawings.
///
///     var services = Services(output: output)
///     services.ask = { _ in .retry }
///     let session = Session(services: services)
public struct Services {
  /// Where sinks and the session's notes write; the runtime redacts every line first.
  public var output: any OutputStream
  /// The settings `set` writes and pipelines read.
  public var settings: Settings
  /// The last good value per (source, arguments), for `catch cache`.
  public var cache: ValueCache
  /// The plugin sources (weather, random, airquality, ...), if any are available.
  public var sources: (any ExternalSources)?
  /// How `ask` decides: a person at the prompt, or a scripted answer.
  public var ask: (PipeError) -> AskAnswer
  /// Where `input` reads lines; without one, `input` fails with `noInput`.
  public var lines: (any LineSource)?
  /// The drawing side (the command line's PipeRendering), if any: draws failed expectations.
  public var drawing: (any Drawing)?
  /// Masks the values of secret settings in every text that leaves the engine.
  public var redactor: Redactor
  /// Told on the loop when a background job starts and ends (the prompt's job table).
  public var jobEvents: JobEvents?
  /// When set (`--format jsonl`), every job is traced and each record written as a JSON line.
  public var eventLines: EventLines?
  /// What the texts of the session may do: reach a host, send a secret, write a file
  /// (docs/PERMISSIONS.md). Everything, unless the command line says otherwise.
  public var permissions: Permissions

  public init(
    output: any OutputStream, settings: Settings = Settings(), cache: ValueCache = ValueCache(),
    sources: (any ExternalSources)? = nil, ask: @escaping (PipeError) -> AskAnswer = { _ in .fail },
    lines: (any LineSource)? = nil, drawing: (any Drawing)? = nil, redactor: Redactor? = nil,
    jobEvents: JobEvents? = nil, eventLines: EventLines? = nil, permissions: Permissions = .unrestricted
  ) {
    self.output = output
    self.settings = settings
    self.cache = cache
    self.sources = sources
    self.ask = ask
    self.lines = lines
    self.drawing = drawing
    self.redactor = redactor ?? Redactor(settings: settings)
    self.jobEvents = jobEvents
    self.eventLines = eventLines
    self.permissions = permissions
  }
}

/// What the person answered to `[r]etry, [d]efault value, [f]ail?`.
public enum AskAnswer: String, Sendable, CaseIterable {
  case retry, `default`, fail
}

/// Where `input` gets its lines: the prompt's terminal, or standard input in a script.
public protocol LineSource: AnyObject {
  /// The lines typed after `prompt`, each an element; an empty line or the end completes.
  /// While it waits for a line the clock must stand still (`scheduler.holdClock()`).
  func lines(prompt: String, scheduler: any Scheduler) -> Observable<Value>
}

/// The drawing side of a session, as the language needs it.
public protocol Drawing: AnyObject {
  /// A failed marble `expect` drawn as lanes, expected above actual.
  func lanes(for failure: ExpectationFailure) -> [String]
  /// The sinks that draw (`marbles`, `table`, `plot`), for a session's catalogue.
  var sinkEntries: [CatalogueEntry] { get }
  /// The SVG of the failed expectation whose lanes `message` (its failure's text) shows; nil
  /// when none of those drawn is it (an expectation of values or attempts draws none).
  func failureSVG(shownIn message: String) -> String?
  /// The last diagram `marbles` drew, as SVG (`:export svg`); nil before the first.
  var lastDiagramSVG: String? { get }
  /// The columns a drawing may take, and whether it may use box-drawing characters and `↻`
  /// (`:graph`, `:schedule`), asked at each drawing so that a resized terminal is noticed.
  var layout: (width: Int, unicode: Bool) { get }
}

/// What the host of a session hears about background jobs, on the loop.
public struct JobEvents {
  public var started: @LoopActor (Session, Job) -> Void
  public var ended: @LoopActor (Session, Job) -> Void

  public init(
    started: @escaping @LoopActor (Session, Job) -> Void, ended: @escaping @LoopActor (Session, Job) -> Void
  ) {
    self.started = started
    self.ended = ended
  }
}
