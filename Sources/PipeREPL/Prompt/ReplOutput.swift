import Foundation
import PipeDSL
import TerminalText

/// Where a prompt session's sinks write: through the terminal, so that a background job's
/// lines appear above the line being edited; `error:` in the error style and notes dimmed,
/// each as its stream's colour allows.
final class ReplOutput: PipeDSL.OutputStream, @unchecked Sendable {
  let terminal: Terminal
  let streams: OutputStreams

  init(terminal: Terminal, streams: OutputStreams) {
    self.terminal = terminal
    self.streams = streams
  }

  private let lock = NSLock()
  private var written = 0

  /// How many lines have been written so far: a statement that adds none ended silently.
  var linesWritten: Int { lock.withLock { written } }

  func line(_ text: String) {
    counted { terminal.write(text + "\n") }
  }

  func errorLine(_ text: String) {
    let body = text.hasSuffix("\n") ? String(text.dropLast()) : text
    counted { terminal.write(streams.error.paint.errorLine(body) + "\n", to: STDERR_FILENO) }
  }

  /// A note from the prompt itself (`[1] done`, hints), dimmed on a colour terminal.
  func note(_ text: String) { counted { terminal.write(streams.output.paint(text, .dim) + "\n") } }

  private func counted(_ write: () -> Void) {
    lock.withLock { written += 1 }
    write()
  }
}
