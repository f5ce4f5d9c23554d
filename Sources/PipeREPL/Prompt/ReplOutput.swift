import Foundation
import PipeDSL

/// Where a prompt session's sinks write: through the terminal, so that a background job's
/// lines appear above the line being edited; errors in red on a colour terminal.
final class ReplOutput: PipeDSL.OutputStream, @unchecked Sendable {
  let terminal: Terminal
  let style: Style

  init(terminal: Terminal, style: Style) {
    self.terminal = terminal
    self.style = style
  }

  func line(_ text: String) { terminal.write(text + "\n") }

  func errorLine(_ text: String) {
    let body = text.hasSuffix("\n") ? String(text.dropLast()) : text
    terminal.write(style.errorLine(body) + "\n", to: STDERR_FILENO)
  }

  /// A note from the prompt itself (`[1] done`, hints), dimmed on a colour terminal.
  func note(_ text: String) { terminal.write(style.dim(text) + "\n") }
}

/// ANSI colour, or none (not a terminal, or NO_COLOR).
struct Style: Sendable {
  var colored: Bool

  func wrap(_ text: String, _ code: String) -> String {
    colored ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }

  func bold(_ text: String) -> String { wrap(text, "1") }
  func dim(_ text: String) -> String { wrap(text, "2") }
  func red(_ text: String) -> String { wrap(text, "31") }
  func green(_ text: String) -> String { wrap(text, "32") }
  func cyan(_ text: String) -> String { wrap(text, "36") }

  /// `error: ...` with the word `error` in bold red.
  func errorLine(_ text: String) -> String {
    guard colored, text.hasPrefix("error:") else { return text }
    return wrap("error:", "1;31") + text.dropFirst("error:".count)
  }
}
