import Dispatch
import Operators

/// Which clock a session runs on.
public enum ClockMode: Equatable, Sendable {
  case virtual
  case real(speed: Double)
}

/// A running conversation with the language: a script, a `-e` line, or the prompt.
///
/// All engine work happens on the session's loop; `execute` is called from outside it and
/// waits for each foreground statement. On the virtual clock the session drives time
/// itself: it runs due timers, stands still while a request is in flight, ends a statement
/// that would run past the horizon, and notices when nothing can happen any more.
public final class Session: @unchecked Sendable {
  public let loop: Loop
  public let runtime: Runtime
  public let compiler: Compiler
  public let clock: ClockMode
  let virtual: VirtualTimeScheduler?
  /// Every job started, in order.
  public internal(set) var jobs: [Job] = []
  /// The graph of the last pipeline that ran, for `:graph`.
  public internal(set) var lastGraph = Graph()
  /// Shows the warnings of a text that compiled, before it runs (called off the loop); when
  /// nil, they are left in the report.
  public var onWarnings: (([Diagnostic]) -> Void)?
  /// Carries out `:commands` met in a text; called off the loop.
  public var commandHandler: ((Command, Statement) -> Void)?
  /// Called on the loop when a background job starts, before it is subscribed.
  public var onJobStart: ((Job) -> Void)?
  /// Called on the loop when a background job ends.
  public var onJobEnd: ((Job) -> Void)?
  /// Called once, on the loop, when a text uses a name nobody knows: loads the plugins and
  /// says whether any source or setting was added (then the text is checked again).
  public var loadExternalNames: (() -> Bool)?
  /// Whether a stuck background job is ended at once (scripts) or left waiting (prompt).
  public var interactive = false
  var pumping = false
  /// Set while a script waits for its background jobs: they may run on, and end when stuck.
  var draining = false
  /// Set while a script lets a new background job settle: called once the clock has nothing
  /// left to run (the jobs ended or wait for something a later statement may change).
  var settled: (() -> Void)?
  /// The controls of running jobs, for Ctrl-C and SIGINT from other threads.
  let interruptions = Interruptions()

  public init(
    clock: ClockMode = .virtual, output: any OutputStream, settings: Settings = Settings(),
    catalogue: Catalogue = .standard, loop: Loop = Loop()
  ) {
    self.loop = loop
    self.clock = clock
    let scheduler: any Scheduler
    switch clock {
    case .virtual:
      let virtual = VirtualTimeScheduler()
      self.virtual = virtual
      scheduler = virtual
    case .real(let speed):
      virtual = nil
      scheduler = RealTimeScheduler(loop: loop, speed: speed)
    }
    runtime = Runtime(scheduler: scheduler, settings: settings, output: output)
    compiler = Compiler(catalogue: catalogue, settings: settings)
    virtual?.onRelease = { [unowned self] in self.loop.post { self.pump() } }
  }
}
