import Foundation
import PipeDSL
import TerminalText

/// Runs a text as `pipe -e`, `pipe run` and piped standard input do.
enum Script {
  /// Runs every statement of `text`; returns the exit status (0, 1 or 2). `typedInArguments`
  /// says that the text came in the command's arguments (`-e`), where a secret is not safe.
  /// With `format` jsonl, standard output carries the events of `EventLines` only: the sinks'
  /// text is left out, and diagnostics and notes go to standard error as ever.
  static func run(
    text: String, name: String, options: RunChoices, streams: OutputStreams, format: OutputFormat = .text,
    typedInArguments: Bool = false
  ) -> Int32 {
    run(
      pieces: CollectionOfOne(.success(SourceFile(name: name, text: text))), name: name, options: options,
      streams: streams, format: format, typedInArguments: typedInArguments)
  }

  /// Runs a text that comes in `pieces` (standard input, read a piece at a time), each a
  /// whole number of statements, in one session: `let` names and settings carry over. A
  /// piece that does not compile runs nothing and ends the run, as does one that is not
  /// UTF-8 (its failure); the pieces before it have run.
  static func run(
    pieces: some Sequence<Result<SourceFile, ScriptSource.Failure>>, name: String, options: RunChoices,
    streams: OutputStreams,
    format: OutputFormat = .text, typedInArguments: Bool = false
  ) -> Int32 {
    let settings = Settings.fromEnvironment()
    let redactor = Redactor.fromEnvironment(settings)
    let output = StandardOutput(
      redactor: redactor, errorPaint: streams.error.paint, outputPaint: streams.output.paint)
    let events =
      format == .jsonl
      ? EventLines(redactor: redactor) { output.line($0.neutralisingControls(form: .json)) } : nil
    // Under jsonl, what sinks and commands (`:graph`) would print gives way to the events.
    let shown: any PipeDSL.OutputStream & Sendable = events == nil ? output : ErrorLinesOnly(output)
    let session = Session.make(
      options: options, streams: streams, output: shown, settings: settings, redactor: redactor,
      eventLines: events, permissions: options.permissions.permissions(command: command(name)))
    let place = CommandPlace(session: session, errorPaint: streams.error.paint)
    let renderer = DiagnosticRenderer(paint: streams.error.paint)
    let interrupt = ScriptInterrupt(session: session, output: output)
    var failed = false
    var status: Int32?
    var iterator = pieces.makeIterator()
    var piece = iterator.next()
    while let current = piece {
      guard case .success(let file) = current else {
        if case .failure(let failure) = current { output.errorLine(failure.message) }
        status = current.failureStatus
        break
      }
      if typedInArguments { warnAboutSecrets(in: file, output: output) }
      piece = iterator.next()
      // A diagnostic echoes its line: the secrets in it are masked, as in history.
      var execution = session.prepare(Parser.parse(file), waitForJobs: piece == nil)
      let warnings = execution.takeWarnings()
      if !warnings.isEmpty { output.errorLine(renderer.render(warnings, in: redactor.redact(file))) }
      while let (command, _) = session.proceed(&execution) {
        PromptCommands.carryOut(command, in: place, repl: nil, output: shown)
      }
      let report = execution.report
      if session.wasInterrupted { break }
      if !report.diagnostics.isEmpty {
        output.errorLine(renderer.render(report.diagnostics, in: redactor.redact(file)))
      }
      if report.hasCompileErrors {
        status = 2
        break
      }
      for (_, outcome) in report.expectations {
        if case .failed(let message) = outcome { output.errorLine(message) }
      }
      failed = failed || report.failed > 0 || !report.unhandledErrors.isEmpty
    }
    session.stopPlugins()
    session.saveCache()
    // A file the text named and did not get (refused, or the disk said no) fails the run.
    failed = failed || session.loop.sync { session.runtime.permissions.unwrittenFiles } > 0
    if session.wasInterrupted {
      output.flush()
      return interrupt.exitStatus
    }
    output.flush()
    return status ?? (failed ? 1 : 0)
  }

  /// The command that runs a text called `name`, as a refusal names it.
  static func command(_ name: String) -> String {
    switch name {
    case "<-e>": "pipe -e"
    case "<stdin>": "pipe (standard input)"
    default: "pipe run"
    }
  }

  /// A key typed in `pipe -e` is in the process list, where other users can read it, and in
  /// the shell's history: say so, and where the key can come from instead.
  static func warnAboutSecrets(in file: SourceFile, output: any PipeDSL.OutputStream) {
    let typed = Redactor.secretAssignments(in: file).filter { file.text(of: $0.value) != "\"\"" }
    for key in Set(typed.map(\.key)).sorted() {
      output.errorLine(
        "warning: \(key) is typed on the command line, where other users can see it (ps) and the "
          + "shell keeps it in its history\nhelp: put it in the environment instead: "
          + "export \(Settings.environmentName(of: key))=…")
    }
  }
}

/// The error lines of another output, and none of its lines: under `--format jsonl` the
/// sinks' and commands' text gives way to the events.
final class ErrorLinesOnly: PipeDSL.OutputStream, Sendable {
  let base: StandardOutput

  init(_ base: StandardOutput) { self.base = base }

  func line(_ text: String) {}
  func line(utf8 bytes: UnsafeBufferPointer<UInt8>) {}
  func errorLine(_ text: String) { base.errorLine(text) }
}

extension Result<SourceFile, ScriptSource.Failure> {
  /// The exit status of a piece that could not be read.
  fileprivate var failureStatus: Int32? {
    if case .failure(let failure) = self { return failure.status }
    return nil
  }
}
