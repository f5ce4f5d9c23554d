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
@LoopActor
public final class Session {
  /// The loop the session lives on: every method but `execute`, `cancel` and
  /// `finishBackgroundJobs` runs there, as the compiler checks.
  public nonisolated let loop = Loop.main
  public let runtime: Runtime
  public let compiler: Compiler
  public nonisolated let clock: ClockMode
  /// Whether a stuck background job is left waiting for a person (the prompt) rather than
  /// ended at once (scripts).
  public nonisolated let interactive: Bool
  let virtual: VirtualTimeScheduler?
  /// The jobs running, and those that ended since the last job started, in order: ended
  /// jobs are let go as the next starts, so a long text or prompt session keeps no more
  /// than it runs at once.
  public internal(set) var jobs: [Job] = []
  /// How many jobs were started: the last job's number.
  public internal(set) var startedJobs = 0
  /// How many foreground jobs ended, and how many of them completed without showing a
  /// value or an error (and were not `discard`ed): the prompt says "(completed, no values)".
  public internal(set) var foregroundEnds = (ended: 0, quiet: 0)
  /// The graph of the last pipeline that ran, for `:graph`.
  public internal(set) var lastGraph = Graph()
  /// The last statement that ran a pipeline, for `:export rxswift|combine|rxjs`.
  public internal(set) var lastStatement: Statement?
  var pumping = false
  /// Whether a slice of background time is posted to the loop (the prompt, idle).
  var backgroundSlicePosted = false
  /// Set when the prompt leaves (`leave`): background jobs no longer run.
  var left = false
  /// Set while a script waits for its background jobs: they may run on, and end when stuck.
  var draining = false
  /// Set while a script lets a new background job settle: called once the clock has nothing
  /// left to run (the jobs ended or wait for something a later statement may change).
  var settled: (() -> Void)?
  /// The scope of the background statements being started together, while the next one is
  /// one of them.
  var jobGroup: StatementScope?
  /// Compiled statements waiting for their turn in `execute`, by step.
  var prepared: [Int: CompiledStatement] = [:]
  var nextStep = 0
  /// The controls of running jobs, for Ctrl-C and SIGINT from other threads.
  nonisolated let interruptions = Interruptions()

  /// A session on `clock` with `services`, checking names against `catalogue`; made on the
  /// loop (from elsewhere, `Session.make`).
  public init(
    clock: ClockMode = .virtual, services: Services, catalogue: Catalogue = .standard,
    interactive: Bool = false
  ) {
    self.clock = clock
    self.interactive = interactive
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
    runtime = Runtime(scheduler: scheduler, services: services)
    compiler = Compiler(catalogue: catalogue, settings: services.settings, sources: services.sources)
    virtual?.onRelease = { [unowned self] in self.loop.post { self.pump() } }
  }

  /// Makes a session on the loop, from another thread.
  public nonisolated static func make(
    clock: ClockMode = .virtual, services: sending Services, catalogue: sending Catalogue = .standard,
    interactive: Bool = false
  ) -> Session {
    Loop.main.sync {
      Session(clock: clock, services: services, catalogue: catalogue, interactive: interactive)
    }
  }

  /// A session with no services but `output` and `settings`, made on the loop from another
  /// thread: tests, benchmarks, docs.
  public nonisolated static func make(
    clock: ClockMode = .virtual, output: sending any OutputStream, settings: sending Settings = Settings(),
    catalogue: sending Catalogue = .standard
  ) -> Session {
    make(clock: clock, services: Services(output: output, settings: settings), catalogue: catalogue)
  }

  /// What the session was given when it was made.
  public var services: Services { runtime.services }
}
