/// The cursor movements pipe sends to a terminal (ANSI CSI sequences), to redraw a diagram
/// or the line being edited in place. Only for a stream that may redraw: a terminal whose
/// `TERM` is not `dumb`.
public enum TerminalControl {
  /// Up `rows` rows, same column; empty for none.
  public static func up(_ rows: Int) -> String { rows > 0 ? "\u{1B}[\(rows)A" : "" }

  /// Down `rows` rows, same column; empty for none.
  public static func down(_ rows: Int) -> String { rows > 0 ? "\u{1B}[\(rows)B" : "" }

  /// Right `columns` columns; empty for none.
  public static func right(_ columns: Int) -> String { columns > 0 ? "\u{1B}[\(columns)C" : "" }

  /// Left `columns` columns; empty for none.
  public static func left(_ columns: Int) -> String { columns > 0 ? "\u{1B}[\(columns)D" : "" }

  /// Clears from the cursor to the end of the screen.
  public static let clearToEnd = "\u{1B}[J"

  /// A sequence exactly `bytes` long (at least 3) that draws nothing and changes nothing a
  /// plain text shows: a reset of the colours, written with leading zeros (`ESC [ 0 0 m`).
  /// It evens out byte counts for code that lays text out by bytes (libedit's match lists).
  public static func invisible(bytes: Int) -> String {
    "\u{1B}[" + String(repeating: "0", count: max(0, bytes - 3)) + "m"
  }

  /// Asks the terminal to mark what is pasted with `ESC [ 200 ~` and `ESC [ 201 ~`, and stops.
  public static let bracketedPasteOn = "\u{1B}[?2004h"
  public static let bracketedPasteOff = "\u{1B}[?2004l"
}
