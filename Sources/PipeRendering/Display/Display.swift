/// What the renderers know about where their text goes: how wide it may be, whether it may
/// use Unicode and colour, and, on a terminal, how to redraw in place.
///
/// The command line fills it from its decision about standard output (OutputStreams: the
/// terminal's width, colour, whether it may redraw) and the locale; the renderers themselves
/// never touch the terminal.
///
///     Display(width: 80, unicode: false, colour: false)  // what a test or a pipe gets
public struct Display: Sendable {
  /// Columns available for a line.
  public var width: Int
  /// Box-drawing characters and `↻`; otherwise plain ASCII.
  public var unicode: Bool
  /// ANSI colours, from the style table (TerminalText's `TextStyle`).
  public var colour: Bool
  /// Writes text straight to the terminal, unbuffered, for drawing a diagram live while a
  /// run on the real clock goes on; nil unless the output is a terminal that can redraw.
  public var live: (@Sendable (String) -> Void)?

  public init(
    width: Int = 80, unicode: Bool = true, colour: Bool = false, live: (@Sendable (String) -> Void)? = nil
  ) {
    self.width = max(20, width)
    self.unicode = unicode
    self.colour = colour
    self.live = live
  }

  /// The same display in ASCII, as `marbles ascii` asks.
  public var ascii: Display {
    var copy = self
    copy.unicode = false
    return copy
  }

  /// The characters diagrams are drawn with.
  var glyphs: Glyphs { unicode ? .unicode : .ascii }
}

/// The characters of a diagram, in Unicode or ASCII.
struct Glyphs: Sendable {
  /// A subscription's line between its events.
  var line: Character
  /// A tick on the time axis.
  var tick: Character
  /// Marks a resubscription in the gutter: `↻2`.
  var again: String
  /// Stands for what was left out.
  var ellipsis: String
  /// Several values too close together to draw apart.
  var many: Character
  /// Tree branches in the gutter: a child with siblings after it, the last child, and the
  /// line that continues past a child with siblings.
  var branch: String
  var lastBranch: String
  var trunk: String
  /// Blank space as wide as the trunk, where no sibling follows.
  var gap: String { String(repeating: " ", count: trunk.count) }
  /// Rows left out of a long list of subscriptions.
  var moreRows: String
  /// Sparkline bars, lowest first.
  var bars: [Character]
  /// A point of a chart.
  var point: Character
  /// The y axis of a chart.
  var axis: Character

  static let unicode = Glyphs(
    line: "─", tick: "┬", again: "↻", ellipsis: "…", many: "•", branch: "├ ", lastBranch: "└ ", trunk: "│ ",
    moreRows: "⋮", bars: Array("▁▂▃▄▅▆▇█"), point: "•", axis: "┤")
  static let ascii = Glyphs(
    line: "-", tick: "+", again: "@", ellipsis: "...", many: "*", branch: "|- ", lastBranch: "`- ",
    trunk: "|  ",
    moreRows: ":", bars: Array("_.-=+*#@"), point: "*", axis: "+")
}
