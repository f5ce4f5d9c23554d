import Foundation
import Operators
import PipeDSL
import PipeRendering
import Synchronization

extension Repl {
  /// Runs a statement typed at the prompt; the prompt survives every error. What was entered
  /// as one unit (lines joined, a paste) reads as a file does: a line starting with `|`
  /// continues the statement above it. A text already parsed (`readStatement`) is not
  /// parsed again.
  func execute(_ text: String, name: String = "<prompt>", mode: Lexer.Mode = .file) {
    execute(Parser.parse(SourceFile(name: name, text: text), mode: mode))
  }

  func execute(_ parsed: ParseResult<Program>) {
    let session = host.current
    let settingsBefore = session.loop.sync { session.settings.explicitValues }
    let file = parsed.file
    // `:load` runs inside the statement that named it.
    let nested = runningForeground.load(ordering: .acquiring)
    runningForeground.store(true, ordering: .releasing)
    let (linesBefore, endsBefore) = (output.linesWritten, session.loop.sync { session.foregroundEnds })
    var execution = session.prepare(parsed, waitForJobs: false)
    while let (command, _) = session.proceed(&execution) { runCommand(command) }
    let report = execution.report
    runningForeground.store(nested, ordering: .releasing)
    if output.linesWritten == linesBefore, endedSilently(session, endsBefore: endsBefore) {
      output.note("(completed, no values)")
    }
    if !report.diagnostics.isEmpty {
      // A diagnostic echoes its line: the secrets in it are masked, as in history.
      let shown = terminal.redactor.redact(file)
      let rendered = DiagnosticRenderer(paint: streams.error.paint).render(report.diagnostics, in: shown)
      terminal.write(rendered + "\n", to: STDERR_FILENO)
    }
    if !report.hasCompileErrors { host.rememberBindings(parsed.tree.statements) }
    for (statement, outcome) in report.expectations {
      switch outcome {
      case .failed(let message): output.errorLine(message)
      case .passed: output.note("ok: \(statement.text)")
      default: break
      }
    }
    let settingsAfter = session.loop.sync { session.settings.explicitValues }
    saveSettings(changedFrom: settingsBefore, to: settingsAfter)
    if !nested { session.saveCache() }  // once per statement typed, a `:load`ed file's included
    refreshVocabulary()
  }

  /// Whether the statement's foreground runs all completed without a value to show, so
  /// that silence would look as if nothing ran: `catch cache` with nothing cached.
  /// `discard` is silent by request.
  private func endedSilently(_ session: Session, endsBefore before: (ended: Int, quiet: Int)) -> Bool {
    let after = session.loop.sync { session.foregroundEnds }
    return after.ended > before.ended && after.quiet - before.quiet == after.ended - before.ended
  }

  /// Ctrl-C: clears the line being edited, and stops the statement running in the
  /// foreground (its log shows the dispose), even one whose tight loop keeps the engine's
  /// loop busy: the stop reaches it without waiting for the loop.
  func interrupt() {
    historyInterrupted.store(true, ordering: .releasing)
    let wasEditing = terminal.interrupt()
    guard runningForeground.load(ordering: .acquiring) else { return }
    // The terminal echoes no key between lines (TypeAhead): the `^C` is ours to show. Not
    // under a live diagram, erased from where the cursor is: the note says Ctrl-C instead.
    if !wasEditing, !LiveDrawing.isOnScreen { terminal.write(TypeAhead.holding ? "^C\n" : "\n") }
    for session in host.all { session.interrupt() }
  }

  /// `[1] started`.
  @LoopActor func jobStarted(_ job: Job, in session: Session) {
    let number = jobs.register(job, in: session)
    output.note("[\(number)] started")
  }

  /// `[1] done`, `[1] failed: serverFailure`, `[1] killed`.
  @LoopActor func jobEnded(_ job: Job, in session: Session) {
    let number = jobs.register(job, in: session)
    jobs.ended(job, at: session.runtime.scheduler.now)
    output.note("[\(number)] \(JobTable.summary(job.state))")
    if case .failed(let message)? = job.outcome { output.errorLine(message) }
  }
}
