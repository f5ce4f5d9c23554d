import PipeDSL
import TerminalText

/// Lays values out as a table: a column per field of the records, in the order fields first
/// appear, numbers right-aligned; values that are not records go in a `value` column.
///
///     city    temp
///     ──────  ────
///     Oslo    21.5
///     Lima      18
struct TableRenderer {
  /// The widest a cell is drawn before it is cut.
  static let maxCell = 40

  let display: Display

  func lines(for values: [Value]) -> [String] {
    guard !values.isEmpty else { return ["(no values)"] }
    let columns = Self.columns(of: values)
    let rows = values.map { value in columns.map { Self.cell(value, column: $0) } }
    let widths = fitted(
      columns.indices.map { index in
        min(
          Self.maxCell,
          max(columns[index].displayWidth, rows.map { $0[index]?.text.displayWidth ?? 0 }.max() ?? 0))
      })
    let header = StyledLine.row(columns.map { ($0, false, TextStyle.bold) }, widths: widths)
    let rule = widths.map { String(repeating: display.glyphs.line, count: $0) }.joined(separator: "  ")
    var lines = [header.rendered(colour: display.colour), rule]
    for row in rows {
      if let line = Self.plainRow(row, widths: widths) {
        lines.append(line)
        continue
      }
      let cells = row.map { ($0?.text ?? "", $0?.isNumber ?? false, TextStyle.plain) }
      lines.append(
        StyledLine.row(cells, widths: widths, ellipsis: display.glyphs.ellipsis).rendered(colour: false))
    }
    return lines
  }

  /// A row whose cells are printable ASCII that fits their widths, as `StyledLine.row`
  /// renders it without colour (each cell padded, numbers on the right, two spaces apart,
  /// no spaces at the end), written straight into one string; nil for any other row.
  static func plainRow(_ row: [(text: String, isNumber: Bool)?], widths: [Int]) -> String? {
    var line = ""
    line.reserveCapacity(widths.reduce(2 * widths.count, +))
    for (index, cell) in row.enumerated() {
      let text = cell?.text ?? ""
      guard let columns = DisplayWidth.printableASCII(text), columns <= widths[index] else { return nil }
      if index > 0 { line += "  " }
      let padding = String(repeating: " ", count: widths[index] - columns)
      line += cell?.isNumber ?? false ? padding + text : text + padding
    }
    while line.utf8.last == 0x20 { line.removeLast() }
    return line
  }

  /// Narrows the widest columns until the table fits the display.
  private func fitted(_ widths: [Int]) -> [Int] {
    var widths = widths
    let separators = 2 * max(0, widths.count - 1)
    while widths.reduce(0, +) + separators > display.width,
      let widest = widths.indices.max(by: {
        widths[$0] < widths[$1]
      }), widths[widest] > 4
    {
      widths[widest] -= 1
    }
    return widths
  }

  /// The fields of the records in order of first appearance, then `value` if any value is
  /// not a record.
  static func columns(of values: [Value]) -> [String] {
    var columns: [String] = []
    var hasOther = false
    for value in values {
      guard case .record(let record) = value else {
        hasOther = true
        continue
      }
      for key in record.keys where !columns.contains(key) { columns.append(key) }
    }
    if hasOther && !columns.contains("value") { columns.append("value") }
    return columns
  }

  /// A value's cell in `column`: its field, or itself in the `value` column.
  static func cell(_ value: Value, column: String) -> (text: String, isNumber: Bool)? {
    var field: Value?
    if case .record(let record) = value {
      field = record[column]
    } else if column == "value" {
      field = value
    }
    guard let field else { return nil }
    return (field.show, field.number != nil)
  }
}

extension StyledLine {
  /// Cells side by side, two spaces apart, each cut or padded to its width.
  static func row(
    _ cells: [(text: String, rightAligned: Bool, style: TextStyle)], widths: [Int], ellipsis: String = "…"
  ) -> StyledLine {
    var line = StyledLine()
    for (index, cell) in cells.enumerated() {
      let text = cell.text.truncated(toWidth: widths[index], ellipsis: ellipsis)
      let placed =
        cell.rightAligned ? text.leftPadded(toWidth: widths[index]) : text.padded(toWidth: widths[index])
      line.append((index > 0 ? "  " : "") + placed, cell.style)
    }
    return line
  }
}
