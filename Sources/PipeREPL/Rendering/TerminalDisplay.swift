import Foundation
import PipeRendering

/// What the drawing sinks may use on this terminal: its width (TIOCGWINSZ, else `$COLUMNS`,
/// else 80), Unicode when the locale is UTF-8 and `--ascii` was not given, colour on a
/// terminal unless `NO_COLOR` or `--no-color`, and live redrawing when standard output is
/// a terminal.
enum TerminalDisplay {
  /// A display measured afresh at every drawing, so a resized terminal is noticed.
  static func probe(options: RunOptions, output: StandardOutput?) -> @Sendable () -> Display {
    let environment = ProcessInfo.processInfo.environment
    let unicode = !options.ascii && isUTF8(environment)
    let terminal = isatty(STDOUT_FILENO) == 1
    let colour = terminal && !options.noColor && environment["NO_COLOR"] == nil
    var live: (@Sendable (String) -> Void)?
    if terminal {
      live = { text in
        output?.flush()
        Descriptor.write(text, to: STDOUT_FILENO)
      }
    }
    let columns = environment["COLUMNS"].flatMap(Int.init)
    let writer = live
    return { Display(width: width(fallback: columns), unicode: unicode, colour: colour, live: writer) }
  }

  /// The terminal's columns, or `$COLUMNS`, or 80.
  static func width(fallback: Int?) -> Int {
    var size = winsize()
    if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
    if let fallback, fallback > 0 { return fallback }
    return 80
  }

  /// Whether the locale's character set is UTF-8: `LC_ALL`, else `LC_CTYPE`, else `LANG`.
  static func isUTF8(_ environment: [String: String]) -> Bool {
    let locale =
      ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
    let lowered = locale.lowercased()
    return lowered.contains("utf-8") || lowered.contains("utf8")
  }
}
