import TerminalText

/// A line of terminal columns, each with what is drawn there and its style, written to by
/// column. A wide character (CJK, emoji) takes two columns, a combining mark none, so text
/// after it stays where the layout put it.
struct StyledLine: Sendable {
  /// One terminal column: its text, empty for the right half of a wide character.
  struct Cell: Sendable {
    var text: String
    var style: TextStyle
  }

  private(set) var cells: [Cell]

  init(width: Int = 0) { cells = Array(repeating: Cell(text: " ", style: .plain), count: width) }

  /// Columns used so far.
  var width: Int { cells.count }

  /// Writes `text` from `column` on, growing the line as needed; a character of no width
  /// joins the column before it.
  mutating func put(_ text: some StringProtocol, at column: Int, _ style: TextStyle = .plain) {
    var index = column
    for character in text {
      let columns = character == "\t" ? 1 : DisplayWidth.of(character)
      if columns == 0 {
        if index > 0, index <= cells.count { cells[index - 1].text.append(character) }
        continue
      }
      grow(to: index + columns)
      release(index)
      if columns == 2 { release(index + 1) }
      cells[index] = Cell(text: character == "\t" ? " " : String(character), style: style)
      if columns == 2 { cells[index + 1] = Cell(text: "", style: style) }
      index += columns
    }
  }

  /// Appends `text` at the end.
  mutating func append(_ text: some StringProtocol, _ style: TextStyle = .plain) {
    put(text, at: width, style)
  }

  /// Fills `columns` with one character.
  mutating func fill(_ columns: Range<Int>, with character: Character, _ style: TextStyle) {
    guard !columns.isEmpty else { return }
    put(String(repeating: character, count: columns.count), at: columns.lowerBound, style)
  }

  /// The text, coloured by `paint`, without trailing spaces.
  func rendered(_ paint: Paint) -> String {
    var end = cells.count
    while end > 0, cells[end - 1].text == " " { end -= 1 }
    var text = ""
    var current = TextStyle.plain
    for cell in cells[..<end] {
      if cell.style != current && cell.text != " " && !cell.text.isEmpty {
        text += paint.switching(to: cell.style)
        current = cell.style
      }
      text += cell.text
    }
    return current == .plain ? text : text + paint.reset
  }

  /// The text, with ANSI colours when `colour` is on, without trailing spaces.
  func rendered(colour: Bool) -> String { rendered(Paint(colour: colour)) }

  private mutating func grow(to columns: Int) {
    if columns > cells.count {
      cells += Array(repeating: Cell(text: " ", style: .plain), count: columns - cells.count)
    }
  }

  /// Makes `column` free to write: a wide character it is half of becomes a space.
  private mutating func release(_ column: Int) {
    if cells[column].text.isEmpty, column > 0 {
      cells[column - 1].text = " "
    } else if column + 1 < cells.count, cells[column + 1].text.isEmpty {
      cells[column + 1].text = " "
    }
  }
}
