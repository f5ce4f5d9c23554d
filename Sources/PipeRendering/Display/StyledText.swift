/// How a piece of a diagram is coloured on a terminal.
enum Style: Sendable, Equatable {
  case plain, dim, bold, value, error, completed, subscribed, disposed, attempt

  /// The ANSI SGR parameters.
  var code: String {
    switch self {
    case .plain: return "0"
    case .dim: return "2"
    case .bold: return "1"
    case .value: return "36"
    case .error: return "1;31"
    case .completed: return "32"
    case .subscribed: return "2;33"
    case .disposed: return "33"
    case .attempt: return "33"
    }
  }
}

/// A line of cells, each a character and its style, drawn by column.
struct StyledLine: Sendable {
  private(set) var cells: [(character: Character, style: Style)]

  init(width: Int = 0) { cells = Array(repeating: (" ", .plain), count: width) }

  var width: Int { cells.count }

  /// Writes `text` from `column` on, growing the line as needed.
  mutating func put(_ text: some StringProtocol, at column: Int, _ style: Style = .plain) {
    var index = column
    for character in text {
      if index >= cells.count {
        cells += Array(repeating: (" ", .plain), count: index - cells.count + 1)
      }
      cells[index] = (character, style)
      index += 1
    }
  }

  /// Appends `text` at the end.
  mutating func append(_ text: some StringProtocol, _ style: Style = .plain) { put(text, at: width, style) }

  /// Fills `columns` with one character.
  mutating func fill(_ columns: Range<Int>, with character: Character, _ style: Style) {
    guard !columns.isEmpty else { return }
    put(String(repeating: character, count: columns.count), at: columns.lowerBound, style)
  }

  /// The text, with ANSI colours when `colour` is on, without trailing spaces.
  func rendered(colour: Bool) -> String {
    var end = cells.count
    while end > 0, cells[end - 1].character == " " { end -= 1 }
    guard colour else { return String(cells[..<end].map(\.character)) }
    var text = ""
    var current = Style.plain
    for (character, style) in cells[..<end] {
      if style != current && character != " " {
        text += "\u{1B}[0m" + (style == .plain ? "" : "\u{1B}[\(style.code)m")
        current = style
      }
      text.append(character)
    }
    return current == .plain ? text : text + "\u{1B}[0m"
  }
}

extension String {
  /// The text cut to `width` characters, ending in `ellipsis` when cut.
  func truncated(to width: Int, ellipsis: String) -> String {
    guard count > width else { return self }
    guard width > ellipsis.count else { return String(prefix(width)) }
    return String(prefix(width - ellipsis.count)) + ellipsis
  }

  /// The text padded with spaces to `width` characters.
  func padded(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }

  /// The text right-aligned in `width` characters.
  func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}
