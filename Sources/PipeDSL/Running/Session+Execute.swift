import Dispatch
import Operators

/// What running a text gave.
public struct ExecutionReport {
  /// Parse and check problems; when any is an error, nothing ran.
  public var diagnostics: [Diagnostic] = []
  /// Every `expect` that ran, with the statement it belongs to.
  public var expectations: [(statement: Statement, outcome: SinkOutcome)] = []
  /// Errors that reached a sink unhandled.
  public var unhandledErrors: [PipeError] = []

  public var hasCompileErrors: Bool { diagnostics.contains(where: \.isError) }
  public var passed: Int { expectations.filter { $0.outcome == .passed }.count }
  public var failed: Int { expectations.count - passed }
}

extension Session {
  /// Parses, checks and runs a text; statements run in order, each foreground pipeline to
  /// its end. Must not be called on the loop.
  ///
  /// `commands` carries out the `:commands` met in the text, in their turn (off the loop);
  /// `warnings` shows the warnings of a text that compiled, before it runs (off the loop),
  /// else they are left in the report.
  public nonisolated func execute(
    _ file: SourceFile, mode: Lexer.Mode = .file, waitForJobs: Bool = true,
    commands: ((Command, Statement) -> Void)? = nil, warnings: (([Diagnostic]) -> Void)? = nil
  ) -> ExecutionReport {
    execute(Parser.parse(file, mode: mode), waitForJobs: waitForJobs, commands: commands, warnings: warnings)
  }

  /// Checks and runs a text already parsed (the prompt parses what is typed to see whether
  /// it is whole), as `execute(_:mode:waitForJobs:commands:warnings:)` does.
  public nonisolated func execute(
    _ parsed: ParseResult<Program>, waitForJobs: Bool = true,
    commands: ((Command, Statement) -> Void)? = nil, warnings: (([Diagnostic]) -> Void)? = nil
  ) -> ExecutionReport {
    let file = parsed.file
    var report = ExecutionReport()
    report.diagnostics = parsed.diagnostics
    guard !parsed.hasErrors else { return report }
    let (steps, diagnostics) = loop.sync { () -> ([Step], [Diagnostic]) in
      let statements = compiler.compile(parsed.tree)
      let failed = compiler.diagnostics.contains(where: \.isError)
      return (failed ? [] : statements.map(prepare), compiler.diagnostics)
    }
    report.diagnostics += diagnostics
    guard !report.hasCompileErrors else { return report }
    if let warnings, !report.diagnostics.isEmpty {
      warnings(report.diagnostics)  // before anything runs, so they come before its output
      report.diagnostics = []
    }
    var started: [(Job, Statement)] = []
    for (index, step) in steps.enumerated() where !wasInterrupted {
      switch step.kind {
      case .set: loop.sync { perform(step) }
      case .command(let command): commands?(command, step.statement)
      case .run(let background):
        // Background statements that follow one another start together (`Session.run`).
        let together = background && steps.dropFirst(index + 1).first?.isBackgroundRun == true
        started.append((run(step, file: file, background: background, together: together), step.statement))
      }
    }
    if waitForJobs { finishBackgroundJobs() }
    for (job, statement) in started {
      guard let outcome = loop.sync({ job.outcome }) else { continue }
      collect(outcome, statement: statement, into: &report)
    }
    return report
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
