import Foundation
import PipeDSL
import PipeExport
import PipeRendering
import TerminalText

/// The prompt commands that print drawings, `:graph [dot]`, `:schedule STRATEGY` and
/// `:export svg FILE`, carried out for a script too, since they only print.
enum DiagramCommands {
  /// `:graph [dot]`: the last pipeline's operator graph.
  @Sendable static func graph(_ place: CommandPlace, _ command: Command) -> CommandReply {
    .text(PromptPrinters.graph(of: place.session, dot: command.words.first?.text == "dot"))
  }

  /// `:schedule STRATEGY`: the delays a strategy would wait; a mistyped strategy gives its
  /// diagnostics, in standard error's colour.
  @Sendable static func schedule(_ place: CommandPlace, _ command: Command) throws(CommandError)
    -> CommandReply
  {
    guard !command.rest.text.isEmpty else {
      throw .problem("write :schedule STRATEGY, for example :schedule backoff(1, 3, 5, 10)")
    }
    let result = PromptPrinters.schedule(command.rest.text, in: place.session, paint: place.errorPaint)
    if result.failed { throw .diagnostics(result.lines) }
    return .text(result.lines)
  }

  /// `:export svg FILE`: the last marbles diagram as SVG; `:export rxswift|combine|rxjs
  /// [FILE]`: the last pipeline as library code.
  @Sendable static func export(_ place: CommandPlace, _ command: Command) throws(CommandError) -> CommandReply
  {
    if let library = command.words.first.flatMap({ ExportLibrary(rawValue: $0.text) }) {
      return try exportCode(place, command, library: library)
    }
    guard command.words.count == 2, command.words[0].text == "svg" else {
      throw .problem("write :export svg FILE, or :export rxswift|combine|rxjs [FILE]")
    }
    let path = command.words[1].text
    if let problem = PromptPrinters.exportSVG(from: place.session, to: path) {
      throw .problem(problem)
    }
    let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
    return .note("wrote \(path)" + (bytes.map { " (\($0) bytes of SVG)" } ?? ""))
  }
}
