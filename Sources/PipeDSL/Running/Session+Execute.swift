import Dispatch
import Operators

/// What running a text gave.
public struct ExecutionReport {
  /// Parse and check problems; when any is an error, nothing ran. A text that compiled has
  /// its warnings here: a caller that shows them before the text runs takes them out first
  /// (`Execution.takeWarnings`).
  public var diagnostics: [Diagnostic] = []
  /// Every `expect` that ran, with the statement it belongs to.
  public var expectations: [(statement: Statement, outcome: SinkOutcome)] = []
  /// Errors that reached a sink unhandled.
  public var unhandledErrors: [PipeError] = []
  /// The `:commands` met in the text, in order, with their statements: those
  /// `Session.proceed` stopped at, or, after `Session.execute`, left for no one to carry out.
  public var commands: [(command: Command, statement: Statement)] = []

  public var hasCompileErrors: Bool { diagnostics.contains(where: \.isError) }
  public var passed: Int { expectations.filter { $0.outcome == .passed }.count }
  public var failed: Int { expectations.count - passed }
}

/// A text checked and compiled, to run a piece at a time: `Session.proceed` runs its
/// statements in turn and stops at each `:command`, which the caller carries out (the
/// prompt's `:load` runs a file there, outside the session) before it proceeds. Nothing calls
/// back: what ran, what it said and the commands met are in `report`. Drive it to its end.
///
///     var execution = session.prepare(parsed)
///     show(execution.takeWarnings())  // before anything runs, so before its output
///     while let (command, _) = session.proceed(&execution) { carryOut(command) }
///     let report = execution.report
public struct Execution {
  public internal(set) var report = ExecutionReport()
  let file: SourceFile
  let steps: [Step]
  let waitForJobs: Bool
  /// The next step to take.
  var next = 0
  /// The pipelines started, whose outcomes join the report at the end.
  var started: [(Job, Statement)] = []
  var finished = false

  /// The warnings of a text that compiled, taken out of the report; none when it did not.
  public mutating func takeWarnings() -> [Diagnostic] {
    guard !report.hasCompileErrors else { return [] }
    defer { report.diagnostics = [] }
    return report.diagnostics
  }
}

extension Session {
  /// Parses, checks and runs a text; statements run in order, each foreground pipeline to
  /// its end. The `:commands` met are left in the report (`proceed` stops at them instead).
  /// Must not be called on the loop.
  public nonisolated func execute(_ file: SourceFile, mode: Lexer.Mode = .file, waitForJobs: Bool = true)
    -> ExecutionReport
  {
    execute(Parser.parse(file, mode: mode), waitForJobs: waitForJobs)
  }

  /// Checks and runs a text already parsed (the prompt parses what is typed to see whether
  /// it is whole), as `execute(_:mode:waitForJobs:)` does.
  public nonisolated func execute(_ parsed: ParseResult<Program>, waitForJobs: Bool = true) -> ExecutionReport
  {
    var execution = prepare(parsed, waitForJobs: waitForJobs)
    while proceed(&execution) != nil {}
    return execution.report
  }

  /// Checks and compiles a text already parsed, to run with `proceed`; with an error, nothing
  /// will run and the report has the diagnostics. With `waitForJobs`, the end waits for the
  /// background jobs too. Must not be called on the loop.
  public nonisolated func prepare(_ parsed: ParseResult<Program>, waitForJobs: Bool = true) -> Execution {
    var execution = Execution(file: parsed.file, steps: [], waitForJobs: waitForJobs)
    execution.report.diagnostics = parsed.diagnostics
    guard !parsed.hasErrors else {
      execution.finished = true
      return execution
    }
    let (steps, diagnostics) = loop.sync { () -> ([Step], [Diagnostic]) in
      let statements = compiler.compile(parsed.tree)
      let failed = compiler.diagnostics.contains(where: \.isError)
      return (failed ? [] : statements.map(prepare), compiler.diagnostics)
    }
    execution = Execution(file: parsed.file, steps: steps, waitForJobs: waitForJobs)
    execution.report.diagnostics = parsed.diagnostics + diagnostics
    execution.finished = execution.report.hasCompileErrors
    return execution
  }

  /// Runs the statements of `execution` in turn up to the next `:command`, and returns it
  /// with its statement for the caller to carry out; nil once every statement has run (and
  /// the report is whole), or the session was interrupted.
  public nonisolated func proceed(_ execution: inout Execution) -> (command: Command, statement: Statement)? {
    guard !execution.finished else { return nil }
    let steps = execution.steps
    while execution.next < steps.count, !wasInterrupted {
      let index = execution.next
      let step = steps[index]
      execution.next += 1
      switch step.kind {
      case .set: loop.sync { perform(step) }
      case .command(let command):
        execution.report.commands.append((command, step.statement))
        return (command, step.statement)
      case .run(let background):
        // Background statements that follow one another start together (`Session.run`).
        let together = background && steps.dropFirst(index + 1).first?.isBackgroundRun == true
        let job = run(step, file: execution.file, background: background, together: together)
        execution.started.append((job, step.statement))
      }
    }
    execution.finished = true
    if execution.waitForJobs { finishBackgroundJobs() }
    for (job, statement) in execution.started {
      guard let outcome = loop.sync({ job.outcome }) else { continue }
      collect(outcome, statement: statement, into: &execution.report)
    }
    return nil
  }

  private nonisolated func collect(
    _ outcome: SinkOutcome, statement: Statement, into report: inout ExecutionReport
  ) {
    switch outcome {
    case .passed, .failed: report.expectations.append((statement, outcome))
    case .unhandledError(let error): report.unhandledErrors.append(error)
    case .ok: break
    }
  }

  /// Keeps a compiled statement on the loop until its turn comes; what is left of it off
  /// the loop is a step, which names it.
  private func prepare(_ statement: CompiledStatement) -> Step {
    nextStep += 1
    prepared[nextStep] = statement
    switch statement.kind {
    case .set: return Step(id: nextStep, statement: statement.statement, kind: .set)
    case .bind: return Step(id: nextStep, statement: statement.statement, kind: .set)
    case .command(let command):
      return Step(id: nextStep, statement: statement.statement, kind: .command(command))
    case .run(_, let background):
      return Step(id: nextStep, statement: statement.statement, kind: .run(background))
    }
  }

  /// Carries out a `set` (a `let` has nothing left to do: its name was bound when it compiled).
  private func perform(_ step: Step) {
    guard case .set(let key, let value)? = prepared.removeValue(forKey: step.id)?.kind else { return }
    runtime.settings.set(key, value)
    pump()
  }

  /// Starts a pipeline; a foreground one is waited for.
  ///
  /// Background statements that follow one another start `together`: at the same instant,
  /// in one statement scope (a `let` name or a hot source is one stream for all of them), so
  /// `s | show &` then `timer 15ms | flatMap (s) | show &` are two observers of one `s`,
  /// the second from 15 ms. Only the last of them lets time move (a script lets it settle).
  private nonisolated func run(_ step: Step, file: SourceFile, background: Bool, together: Bool) -> Job {
    let done = DispatchSemaphore(value: 0)
    let line = file.location(of: step.statement.span.start).line
    // A script on the virtual clock lets a new background job settle before going on.
    let settles = background && !together && !interactive && clock == .virtual
    let job = loop.sync { () -> Job in
      let statement = prepared.removeValue(forKey: step.id)!
      guard case .run(let pipeline, _) = statement.kind else { preconditionFailure("not a pipeline") }
      let scope = background ? jobGroup ?? StatementScope(sharedByJobs: together) : StatementScope()
      jobGroup = together ? scope : nil
      let job = start(
        pipeline, statement: statement, location: "\(file.name):\(line)", background: background, scope: scope
      )
      if !background {
        if job.isRunning { job.onEnd.append { done.signal() } } else { done.signal() }
      } else if settles {
        settled = { done.signal() }
      }
      if !together { pump() }
      return job
    }
    if !background || settles { done.wait() }
    return job
  }

  /// Disposes a running job (Ctrl-C, `:kill`); safe from any thread.
  public nonisolated func cancel(_ job: Job) {
    loop.post { job.end(.cancelled) }
  }

  /// Lets background jobs run to their end; those that can never end are stopped.
  public nonisolated func finishBackgroundJobs() {
    loop.sync {
      draining = true
      pump()
    }
    defer { loop.sync { draining = false } }
    while let waiting = loop.sync({ jobs.first(where: \.isRunning) }) {
      let done = DispatchSemaphore(value: 0)
      loop.sync {
        if waiting.isRunning { waiting.onEnd.append { done.signal() } } else { done.signal() }
      }
      done.wait()
    }
  }
}

/// A compiled statement as `execute` sees it off the loop: what to do, and which prepared
/// statement to do it with (the compiled pipeline stays on the loop).
struct Step: Sendable {
  enum Kind: Sendable {
    /// A `set`, or a `let` (which has nothing left to do).
    case set
    case command(Command)
    case run(Bool)
  }

  var id: Int
  var statement: Statement
  var kind: Kind

  /// Whether the step runs a pipeline in the background (`&`).
  var isBackgroundRun: Bool {
    if case .run(true) = kind { return true }
    return false
  }
}
