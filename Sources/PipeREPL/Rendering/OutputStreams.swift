import Foundation
import TerminalText

/// What standard output and standard error may each use: colour, cursor movement, width.
///
/// Decided once, when the command line starts, and passed to everything that writes: the
/// two streams are decided apart, as either may be a terminal while the other goes to a
/// pipe or a file (`pipe -e ... | less` keeps its diagnostics coloured on the terminal).
struct OutputStreams: Sendable {
  /// Standard output: results, diagrams, tables, help, notes.
  let output: StreamTraits
  /// Standard error: diagnostics, errors, a plugin's log lines.
  let error: StreamTraits
  /// Box drawing and `↻` rather than ASCII: a UTF-8 locale and no `--ascii`.
  let unicode: Bool

  /// The streams of this process, under `environment`.
  init(
    noColor: Bool, ascii: Bool, environment: [String: String],
    isTerminal: (Int32) -> Bool = { isatty($0) == 1 }
  ) {
    func traits(_ descriptor: Int32) -> StreamTraits {
      let terminal = isTerminal(descriptor)
      return StreamTraits(
        descriptor: descriptor, isTerminal: terminal,
        paint: Paint(colour: Self.colour(isTerminal: terminal, noColor: noColor, environment: environment)),
        redraws: terminal && environment["TERM"] != "dumb",
        columns: environment["COLUMNS"].flatMap(Int.init))
    }
    output = traits(STDOUT_FILENO)
    error = traits(STDERR_FILENO)
    unicode = !ascii && Self.isUTF8(environment)
  }

  /// The streams as the options and the process's environment say.
  init(options: RunChoices) {
    self.init(
      noColor: options.noColor, ascii: options.ascii, environment: ProcessInfo.processInfo.environment)
  }

  /// Whether a stream gets colour: never with `--no-color`; always with `FORCE_COLOR` set
  /// (force-color.org: even on a pipe, and over `NO_COLOR`); never with `NO_COLOR` set
  /// (no-color.org) or on a `TERM=dumb` terminal; otherwise on a terminal only. An empty
  /// variable counts as unset.
  static func colour(isTerminal: Bool, noColor: Bool, environment: [String: String]) -> Bool {
    func isSet(_ name: String) -> Bool { !(environment[name] ?? "").isEmpty }
    if noColor { return false }
    if isSet("FORCE_COLOR") { return true }
    if isSet("NO_COLOR") || environment["TERM"] == "dumb" { return false }
    return isTerminal
  }

  /// Whether the locale's character set is UTF-8: `LC_ALL`, else `LC_CTYPE`, else `LANG`.
  static func isUTF8(_ environment: [String: String]) -> Bool {
    let locale =
      ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
    let lowered = locale.lowercased()
    return lowered.contains("utf-8") || lowered.contains("utf8")
  }
}

/// What one output stream may use.
struct StreamTraits: Sendable {
  let descriptor: Int32
  /// Whether the stream is a terminal.
  let isTerminal: Bool
  /// Its colour, or none.
  let paint: Paint
  /// Whether cursor movement works: a terminal whose `TERM` is not `dumb`. Live diagrams
  /// redraw only then.
  let redraws: Bool
  /// `$COLUMNS`, for a stream that is not a terminal.
  let columns: Int?

  /// The stream's columns now: the terminal's (measured at every call, so a resized
  /// window is noticed), else `$COLUMNS`, else 80.
  var width: Int {
    var size = winsize()
    if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
    if let columns, columns > 0 { return columns }
    return 80
  }
}

extension Paint {
  /// `error: ...` with the word `error` in the error style.
  func errorLine(_ text: String) -> String {
    guard colour, text.hasPrefix("error:") else { return text }
    return self("error:", .error) + text.dropFirst("error:".count)
  }
}
