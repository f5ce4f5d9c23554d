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
    runningForeground.store(true, ordering: .releasing)
    // The texts running, the typed one first: a `:load` met in one comes back from the command
    // as data and runs on top of it, then the one below goes on past its `:load`. No text
    // runs with another's code on the stack.
    var running = [start(parsed, loaded: nil)]
    let session = running[0].session
    while let top = running.indices.last {
      // A file's text is not the person's: the settings it changes and the plugins it starts
      // (`:plugin load`) never get their keys.
      permissions.whileScript(if: running[top].loaded != nil) { takeTurn(&running) }
    }
    runningForeground.store(false, ordering: .releasing)
    session.saveCache()  // once per statement typed, the `:load`ed files' included
    refreshVocabulary()
  }

  /// A text on its way: its statements up to the next `:command`, and what the prompt
  /// compares after it (settings, lines written, foreground runs ended).
  struct RunningText {
    var parsed: ParseResult<Program>
    var loaded: LoadedFile?
    var session: Session
    var execution: Execution
    var settingsBefore: [String: Value]
    var linesBefore: Int
    var endsBefore: (ended: Int, quiet: Int)
  }

  /// Runs the top text up to its next `:command` and carries that out (a `:load` puts its
  /// file on top), or finishes the text once it has run whole.
  private func takeTurn(_ running: inout [RunningText]) {
    let top = running.count - 1
    if let (command, _) = running[top].session.proceed(&running[top].execution) {
      if let file = runCommand(command) {
        loading.append((file.name, file.path))
        let parsed = Parser.parse(SourceFile(name: file.name, text: file.text), mode: .file)
        running.append(permissions.whileScript { start(parsed, loaded: file) })
      }
      return
    }
    let ran = running.removeLast()
    finish(ran)
    if ran.loaded != nil { loading.removeLast() }
  }

  private func start(_ parsed: ParseResult<Program>, loaded: LoadedFile?) -> RunningText {
    let session = host.current
    let settingsBefore = session.loop.sync { session.settings.explicitValues }
    let (linesBefore, endsBefore) = (output.linesWritten, session.loop.sync { session.foregroundEnds })
    return RunningText(
      parsed: parsed, loaded: loaded, session: session,
      execution: session.prepare(parsed, waitForJobs: false), settingsBefore: settingsBefore,
      linesBefore: linesBefore, endsBefore: endsBefore)
  }

  /// What the prompt shows once a text has run: its diagnostics, its `expect` lines, a note
  /// when nothing was shown; the names it bound and the settings it changed are kept.
  private func finish(_ ran: RunningText) {
    let (session, report) = (ran.session, ran.execution.report)
    if output.linesWritten == ran.linesBefore, endedSilently(session, endsBefore: ran.endsBefore) {
      output.note("(completed, no values)")
    }
    if !report.diagnostics.isEmpty {
      // A diagnostic echoes its line: the secrets in it are masked, as in history.
      let shown = terminal.redactor.redact(ran.parsed.file)
      let rendered = DiagnosticRenderer(paint: streams.error.paint).render(report.diagnostics, in: shown)
      terminal.write(rendered + "\n", to: STDERR_FILENO)
    }
    if !report.hasCompileErrors { host.rememberBindings(ran.parsed.tree.statements) }
    for (statement, outcome) in report.expectations {
      switch outcome {
      case .failed(let message): output.errorLine(message)
      case .passed: output.note("ok: \(statement.text)")
      default: break
      }
    }
    let settingsAfter = session.loop.sync { session.settings.explicitValues }
    saveSettings(changedFrom: ran.settingsBefore, to: settingsAfter)
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
