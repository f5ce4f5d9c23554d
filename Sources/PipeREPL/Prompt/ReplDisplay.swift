import Foundation
import PipeRendering

/// What the drawing sinks may use at the prompt: as for a script (TerminalDisplay), except
/// that live redrawing goes through the terminal, so a diagram drawn while a line is being
/// edited stays above that line.
enum ReplDisplay {
  static func probe(options: RunOptions, terminal: Terminal) -> @Sendable () -> Display {
    let environment = ProcessInfo.processInfo.environment
    let unicode = !options.ascii && TerminalDisplay.isUTF8(environment)
    let colour = isatty(STDOUT_FILENO) == 1 && !options.noColor && environment["NO_COLOR"] == nil
    let columns = environment["COLUMNS"].flatMap(Int.init)
    return {
      Display(
        width: TerminalDisplay.width(fallback: columns), unicode: unicode, colour: colour,
        live: { terminal.write($0) })
    }
  }
}
