/// The one style table: every coloured piece of pipe's output names what it is, and this
/// table alone says how a terminal shows it (ANSI SGR parameters).
///
///     Paint(colour: true)("error:", .error)   // "\u{1B}[1;31merror:\u{1B}[0m"
///     Paint.plain("error:", .error)           // "error:"
public enum TextStyle: Sendable, Hashable, CaseIterable {
  /// Unstyled.
  case plain
  /// Titles, stage labels, a diagnostic's message.
  case bold
  /// Notes, keys, tree lines, a plugin's log lines.
  case dim
  /// `error:`, an error mark `#`.
  case error
  /// `warning:`.
  case warning
  /// `note:` in a diagnostic.
  case note
  /// A diagnostic's line numbers, `|` and secondary markers.
  case gutter
  /// A value in a diagram or table.
  case value
  /// A completion `|`; a passed check.
  case success
  /// A subscription `^`.
  case subscribed
  /// A dispose `!`.
  case disposed
  /// A subscription's number `↻2`.
  case attempt

  /// The SGR parameters that switch a terminal to this style.
  public var parameters: String {
    switch self {
    case .plain: return "0"
    case .bold: return "1"
    case .dim: return "2"
    case .error: return "1;31"
    case .warning: return "1;33"
    case .note: return "1;36"
    case .gutter: return "1;34"
    case .value: return "36"
    case .success: return "32"
    case .subscribed: return "2;33"
    case .disposed, .attempt: return "33"
    }
  }
}

/// Whether one output stream gets colour, and the way to apply the style table to it.
///
/// The command line decides it once per stream (a terminal, `NO_COLOR`, `FORCE_COLOR`,
/// `TERM=dumb`, `--no-color`); everything that writes takes it from there.
public struct Paint: Sendable, Hashable {
  /// Whether styles become ANSI colours.
  public var colour: Bool

  public init(colour: Bool) { self.colour = colour }

  /// No colour at all: pipes, files, tests.
  public static let plain = Paint(colour: false)

  /// `text` in `style`, followed by a reset; unchanged without colour.
  public func callAsFunction(_ text: some StringProtocol, _ style: TextStyle) -> String {
    guard colour, style != .plain, !text.isEmpty else { return String(text) }
    return Self.sequence(style) + String(text) + Self.reset
  }

  /// What switches from any style to `style`: a reset, then the style's own parameters.
  /// Empty without colour.
  public func switching(to style: TextStyle) -> String {
    guard colour else { return "" }
    return style == .plain ? Self.reset : Self.reset + Self.sequence(style)
  }

  /// The reset after styled text; empty without colour.
  public var reset: String { colour ? Self.reset : "" }

  private static let reset = "\u{1B}[0m"

  private static func sequence(_ style: TextStyle) -> String { "\u{1B}[\(style.parameters)m" }
}
