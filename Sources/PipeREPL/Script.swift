import Foundation
import PipeDSL

/// Runs a text as `pipe -e`, `pipe run` and piped standard input do.
enum Script {
  /// Runs every statement of `text`; returns the exit status (0, 1 or 2).
  static func run(text: String, name: String, options: RunOptions, streams: OutputStreams) -> Int32 {
    let settings = Settings.commandLine()
    let redactor = Redactor.commandLine(settings)
    let output = StandardOutput(redactor: redactor, errorPaint: streams.error.paint)
    let session = Session.make(
      options: options, streams: streams, output: output, settings: settings, redactor: redactor)
    let file = SourceFile(name: name, text: text)
    let place = CommandPlace(session: session, errorPaint: streams.error.paint)
    let commands = { (command: Command, _: Statement) in
      PromptCommands.carryOut(command, in: place, repl: nil, output: output)
    }
    let renderer = DiagnosticRenderer(paint: streams.error.paint)
    // A diagnostic echoes its line: the secrets in it are masked, as in history.
    let report = session.execute(file, commands: commands) { warnings in
      output.errorLine(renderer.render(warnings, in: redactor.redact(file)))
    }
    session.stopPlugins()
    session.saveCache()
    if !report.diagnostics.isEmpty {
      output.errorLine(renderer.render(report.diagnostics, in: redactor.redact(file)))
    }
    if report.hasCompileErrors { return 2 }
    for (_, outcome) in report.expectations {
      if case .failed(let message) = outcome { output.errorLine(message) }
    }
    output.flush()
    return report.failed > 0 || !report.unhandledErrors.isEmpty ? 1 : 0
  }
}
