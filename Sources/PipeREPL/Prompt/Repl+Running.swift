import Foundation
import PipeDSL

extension Repl {
  /// Sets a new session up for the prompt: commands, job messages, and background jobs that
  /// wait for a person rather than being stopped.
  func configure(_ session: Session) {
    session.interactive = true
    session.commandHandler = { [unowned self] command, _ in self.runCommand(command) }
    session.onJobStart = { [unowned self, unowned session] job in self.jobStarted(job, in: session) }
    session.onJobEnd = { [unowned self, unowned session] job in self.jobEnded(job, in: session) }
  }

  /// Runs a statement typed at the prompt; the prompt survives every error.
  func execute(_ text: String, name: String = "<prompt>", mode: Lexer.Mode = .prompt) {
    let session = host.current
    let settingsBefore = session.loop.sync { session.settings.explicitValues }
    let file = SourceFile(name: name, text: text)
    let nested = runningForeground.isSet  // `:load` runs inside the statement that named it
    runningForeground.set(true)
    let report = session.execute(file, mode: mode, waitForJobs: false)
    runningForeground.set(nested)
    if !report.diagnostics.isEmpty {
      let rendered = DiagnosticRenderer(colored: style.colored).render(report.diagnostics, in: file)
      terminal.write(rendered + "\n", to: STDERR_FILENO)
    }
    if !report.hasCompileErrors { host.rememberBindings(in: file, mode: mode) }
    for (statement, outcome) in report.expectations {
      switch outcome {
      case .failed(let message): output.errorLine(message)
      case .passed: output.note("ok: \(statement.text)")
      default: break
      }
    }
    let settingsAfter = session.loop.sync { session.settings.explicitValues }
    if settingsAfter != settingsBefore { settingsStore?.save(settingsAfter) }
    refreshVocabulary()
  }

  /// Ctrl-C: clears the line being edited, and stops the statement running in the
  /// foreground (its log shows the dispose), even one whose tight loop keeps the engine's
  /// loop busy: the stop reaches it without waiting for the loop.
  func interrupt() {
    let wasEditing = terminal.interrupt()
    guard runningForeground.isSet else { return }
    if !wasEditing { terminal.write("\n") }
    for session in host.all { session.interrupt() }
  }

  /// `[1] started`, and once, on the virtual clock, how background jobs move there.
  func jobStarted(_ job: Job, in session: Session) {
    let number = jobs.register(job, in: session)
    output.note("[\(number)] started")
    if session.clock == .virtual && !explainedVirtualJobs {
      explainedVirtualJobs = true
      output.note("note: on the virtual clock a job moves only while a statement runs (:help jobs)")
    }
  }

  /// `[1] done`, `[1] failed: serverFailure`, `[1] killed`.
  func jobEnded(_ job: Job, in session: Session) {
    let number = jobs.register(job, in: session)
    output.note("[\(number)] \(JobTable.summary(job.state))")
    if case .failed(let message)? = job.outcome { output.errorLine(message) }
  }
}
