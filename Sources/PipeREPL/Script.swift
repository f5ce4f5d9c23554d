import Foundation
import PipeDSL

/// Runs a text as `pipe -e`, `pipe run` and piped standard input do.
enum Script {
  /// Runs every statement of `text`; returns the exit status (0, 1 or 2).
  static func run(text: String, name: String, options: RunOptions, streams: OutputStreams) -> Int32 {
    let output = StandardOutput(errorPaint: streams.error.paint)
    let session = Session.make(options: options, streams: streams, output: output)
    let file = SourceFile(name: name, text: text)
    session.commandHandler = { [unowned session] command, _ in
      guard !DiagramCommands.run(command, in: session, output: output, paint: streams.error.paint) else {
        return
      }
      output.errorLine("note: ':\(command.name.text)' is a prompt command; scripts ignore it")
    }
    let renderer = DiagnosticRenderer(paint: streams.error.paint)
    session.onWarnings = { output.errorLine(renderer.render($0, in: file)) }
    let report = session.execute(file)
    session.stopPlugins()
    if !report.diagnostics.isEmpty {
      output.errorLine(renderer.render(report.diagnostics, in: file))
    }
    if report.hasCompileErrors { return 2 }
    for (_, outcome) in report.expectations {
      if case .failed(let message) = outcome { output.errorLine(message) }
    }
    output.flush()
    return report.failed > 0 || !report.unhandledErrors.isEmpty ? 1 : 0
  }

  static func readStandardInput() -> String {
    String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
  }
}
