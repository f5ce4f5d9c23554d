import TerminalText

/// The lines under a diagram: what its letters and errors stand for, then a key to the
/// glyphs it uses.
///
///     a = {city: "London", temp: 14.2, ...}
///     # = serverFailure: HTTP 500
///     ^ subscribe  a value  # error  | complete  ↻2 subscribed again
struct LegendText {
  /// The most value lines shown.
  static let maxValues = 10

  let diagram: Diagram
  /// What the letters drawn stand for.
  let values: [LegendEntry]
  let display: Display
  var showsKey = true
  /// How errors are drawn: `#` on a terminal, a cross in SVG.
  var errorGlyph = "#"

  var lines: [StyledLine] {
    var result: [StyledLine] = []
    let entries = values.prefix(Self.maxValues) + diagram.legend
    for entry in entries {
      var line = StyledLine()
      let isError = entry.glyph == "#"
      line.append(isError ? errorGlyph : entry.glyph, isError ? .error : .value)
      line.append(" = ")
      let room = max(8, display.width - line.width)
      line.append(entry.meaning.truncated(toWidth: room, ellipsis: display.glyphs.ellipsis))
      result.append(line)
    }
    if values.count > Self.maxValues {
      var line = StyledLine()
      line.append("\(display.glyphs.ellipsis) and \(values.count - Self.maxValues) more values", .dim)
      result.append(line)
    }
    for words in showsKey ? Self.wrap(key, width: display.width) : [] {
      var line = StyledLine()
      line.append(words, .dim)
      result.append(line)
    }
    return result
  }

  /// Items two spaces apart, on as many lines as `width` needs.
  static func wrap(_ items: [String], width: Int) -> [String] {
    var lines: [String] = []
    for item in items {
      if let last = lines.last, last.displayWidth + 2 + item.displayWidth <= width {
        lines[lines.count - 1] = last + "  " + item
      } else {
        lines.append(item)
      }
    }
    return lines
  }

  /// Whether some slot drew events at one instant as a group, and whether some drew values
  /// too close together to tell apart.
  var drewGroups = false
  var drewMany = false

  /// The glyphs that appear, each with a word.
  var key: [String] {
    let kinds = diagram.marks.map(\.kind)
    var key: [String] = []
    if kinds.contains(.subscribed) { key.append("^ subscribe") }
    if drewGroups { key.append("(ab) same instant") }
    if drewMany { key.append("\(display.glyphs.many) values too close to draw apart") }
    if kinds.contains(where: { if case .error = $0 { return true } else { return false } }) {
      key.append("\(errorGlyph) error")
    }
    if kinds.contains(.completed) { key.append("| complete") }
    if kinds.contains(.disposed) { key.append("! dispose") }
    let labels = diagram.lanes.map { (lane: $0, text: Gutter.number($0, display.glyphs)) }
    if let value = labels.first(where: { $0.lane.origin?.attempt == 1 && !$0.text.isEmpty }) {
      key.append("\(value.text) sub-pipeline for that value")
    }
    if labels.contains(where: { $0.text.hasPrefix(display.glyphs.again) }) {
      key.append("\(display.glyphs.again)2 subscribed again")
    }
    return key
  }
}
