import Foundation

/// The terminal's mode between two lines: while a statement runs, keys typed ahead wait as
/// they are, unechoed, for the next line's editor.
///
/// libedit puts the terminal back in its cooked mode when a line is done. There a key typed
/// while a statement runs is echoed at once (and again when the editor shows it), and Ctrl-D
/// is the line discipline's end of file: it reaches the editor as a NUL byte, so the person
/// who typed Ctrl-D ahead to leave stayed at the prompt. Between lines the terminal is
/// therefore in non-canonical mode without echo; Ctrl-C, Ctrl-Z and Ctrl-\ still raise their
/// signals, and output is processed as before. The person's own mode comes back when the
/// prompt ends, however it ends.
enum TypeAhead {
  /// The terminal's modes when the prompt started; nil when standard input is no terminal.
  nonisolated(unsafe) private static var original: termios?

  /// Remembers the terminal's modes and puts them back when the process exits.
  static func start() {
    var modes = termios()
    guard isatty(STDIN_FILENO) == 1, tcgetattr(STDIN_FILENO, &modes) == 0 else { return }
    original = modes
    atexit { TypeAhead.restore() }
  }

  /// From the end of a line to the start of the next: keys wait, unechoed.
  static func hold() {
    guard var modes = original else { return }
    modes.c_lflag &= ~tcflag_t(ICANON | ECHO | ECHONL)
    withUnsafeMutableBytes(of: &modes.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    tcsetattr(STDIN_FILENO, TCSANOW, &modes)
  }

  /// Whether keys typed now are not echoed by the terminal (so pipe shows `^C` itself).
  static var holding: Bool { original != nil }

  /// The person's own modes again.
  static func restore() {
    guard var modes = original else { return }
    tcsetattr(STDIN_FILENO, TCSANOW, &modes)
  }
}
