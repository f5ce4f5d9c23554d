import PipeDSL
import PipeRendering
import TerminalText

/// The prompt commands that print drawings, `:graph [dot]`, `:schedule STRATEGY` and
/// `:export svg FILE`, carried out for a script too, since they only print.
enum DiagramCommands {
  /// Carries out `command` if it is one of these; false otherwise. `paint` colours the
  /// diagnostics of a mistyped strategy (standard error's).
  static func run(_ command: Command, in session: Session, output: any PipeDSL.OutputStream, paint: Paint)
    -> Bool
  {
    switch command.name.text {
    case "graph":
      let dot = command.words.first?.text == "dot"
      for line in PromptPrinters.graph(of: session, dot: dot) { output.line(line) }
    case "schedule":
      guard !command.rest.text.isEmpty else {
        output.errorLine("error: write :schedule STRATEGY, for example :schedule backoff(1, 3, 5, 10)")
        return true
      }
      let result = PromptPrinters.schedule(command.rest.text, in: session, paint: paint)
      for line in result.lines { result.failed ? output.errorLine(line) : output.line(line) }
    case "export":
      guard command.words.count == 2, command.words[0].text == "svg" else {
        output.errorLine("error: write :export svg FILE")
        return true
      }
      if let problem = PromptPrinters.exportSVG(from: session, to: command.words[1].text) {
        output.errorLine("error: " + problem)
      }
    default:
      return false
    }
    return true
  }
}
