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
  public func execute(
    _ file: SourceFile, mode: Lexer.Mode = .file, waitForJobs: Bool = true,
    commands: ((Command, Statement) -> Void)? = nil, warnings: (([Diagnostic]) -> Void)? = nil
  ) -> ExecutionReport {
    var report = ExecutionReport()
    let parsed = Parser.parse(file, mode: mode)
    report.diagnostics = parsed.diagnostics
    guard !parsed.hasErrors else { return report }
    let (statements, diagnostics) = loop.sync { () -> ([CompiledStatement], [Diagnostic]) in
      var statements = compiler.compile(parsed.tree)
      let unknown: Set<Diagnostic.ID> = [.unknownOperator, .unknownSetting]
      if compiler.diagnostics.contains(where: { unknown.contains($0.id) }),
        let load = loadExternalNames
      {
        loadExternalNames = nil
        if load() { statements = compiler.compile(parsed.tree) }
      }
      return (statements, compiler.diagnostics)
    }
    report.diagnostics += diagnostics
    guard !report.hasCompileErrors else { return report }
    if let warnings, !report.diagnostics.isEmpty {
      warnings(report.diagnostics)  // before anything runs, so they come before its output
      report.diagnostics = []
    }
    var started: [(Job, Statement)] = []
    for statement in statements where !wasInterrupted {
      switch statement.kind {
      case .set(let key, let value):
        loop.sync {
          runtime.settings.set(key, value)
          pump()
        }
      case .bind:
        break
      case .command(let command):
        commands?(command, statement.statement)
      case .run(let pipeline, let background):
        let job = run(pipeline, statement: statement, file: file, background: background)
        started.append((job, statement.statement))
      }
    }
    if waitForJobs { finishBackgroundJobs() }
    for (job, statement) in started {
      guard let outcome = loop.sync({ job.outcome }) else { continue }
      collect(outcome, statement: statement, into: &report)
    }
    return report
  }

  private func collect(_ outcome: SinkOutcome, statement: Statement, into report: inout ExecutionReport) {
    switch outcome {
    case .passed, .failed: report.expectations.append((statement, outcome))
    case .unhandledError(let error): report.unhandledErrors.append(error)
    case .ok: break
    }
  }

  /// Starts a pipeline; a foreground one is waited for.
  func run(_ pipeline: CompiledPipeline, statement: CompiledStatement, file: SourceFile, background: Bool)
    -> Job
  {
    let done = DispatchSemaphore(value: 0)
    let line = file.location(of: statement.statement.span.start).line
    let job = loop.sync { () -> Job in
      let job = start(
        pipeline, statement: statement, location: "\(file.name):\(line)", background: background)
      if !background {
        if job.isRunning { job.onEnd.append { done.signal() } } else { done.signal() }
      } else if !interactive && virtual != nil {
        settled = { done.signal() }
      }
      pump()
      return job
    }
    if !background || (!interactive && virtual != nil) { done.wait() }
    return job
  }

  /// Disposes a running job (Ctrl-C, `:kill`); safe from any thread.
  public func cancel(_ job: Job) {
    loop.post { job.end(.cancelled) }
  }

  /// Lets background jobs run to their end; those that can never end are stopped.
  public func finishBackgroundJobs() {
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
