import PipeDSL
import TerminalText

/// Lays values out as a table: a column per field of the records, in the order fields first
/// appear, numbers right-aligned; values that are not records go in a `value` column.
///
///     city    temp
///     ──────  ────
///     Oslo    21.5
///     Lima      18
///
/// Each value's cells are written (`show`) and measured once, into one grid; records of the
/// shape of the one before (the same `RecordShape`, as a source's records have) are placed
/// without looking their keys up again; a row of printable ASCII that fits is written
/// straight into its line's bytes (`plainRow`).
struct TableRenderer {
  /// The widest a cell is drawn before it is cut.
  static let maxCell = 40

  let display: Display

  func lines(for values: [Value]) -> [String] {
    guard !values.isEmpty else { return ["(no values)"] }
    let columns = Self.columns(of: values)
    let cells = Self.grid(of: values, columns: columns)
    // A key is drawn, and measured, as it will be written: its controls in their visible form.
    let heads = columns.map { $0.neutralisingControls() }
    var widest = heads.map(\.displayWidth)
    for (index, cell) in cells.enumerated() {
      let column = index % columns.count
      widest[column] = max(widest[column], cell.width)
    }
    let widths = fitted(widest.map { min(Self.maxCell, $0) })
    let header = StyledLine.row(heads.map { ($0, false, TextStyle.bold) }, widths: widths)
    let rule = widths.map { String(repeating: display.glyphs.line, count: $0) }.joined(separator: "  ")
    var lines = [header.rendered(colour: display.colour), rule]
    lines.reserveCapacity(values.count + 2)
    var bytes: [UInt8] = []
    for start in stride(from: 0, to: cells.count, by: columns.count) {
      let row = cells[start..<start + columns.count]
      if Self.plainRow(row, widths: widths, into: &bytes) {
        lines.append(String(decoding: bytes, as: UTF8.self))
        continue
      }
      let styled = row.map { ($0.text, $0.isNumber, TextStyle.plain) }
      lines.append(
        StyledLine.row(styled, widths: widths, ellipsis: display.glyphs.ellipsis).rendered(colour: false))
    }
    return lines
  }

  /// Writes into `bytes` (emptied first) a row whose cells are printable ASCII that fits their
  /// widths, as `StyledLine.row` renders it without colour (each cell padded, numbers on the
  /// right, two spaces apart, no spaces at the end); false, for any other row, with `bytes`
  /// left unfinished.
  static func plainRow(_ row: ArraySlice<TableCell>, widths: [Int], into bytes: inout [UInt8]) -> Bool {
    bytes.removeAll(keepingCapacity: true)
    for (index, cell) in zip(widths.indices, row) {
      guard let columns = cell.asciiColumns, columns <= widths[index] else { return false }
      if index > 0 { bytes.append(contentsOf: repeatElement(0x20, count: 2)) }
      let padding = repeatElement(UInt8(0x20), count: widths[index] - columns)
      if cell.isNumber { bytes.append(contentsOf: padding) }
      var text = cell.text
      text.withUTF8 { bytes.append(contentsOf: $0) }
      if !cell.isNumber { bytes.append(contentsOf: padding) }
    }
    while bytes.last == 0x20 { bytes.removeLast() }
    return true
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
    var shape: RecordShape?
    for value in values {
      guard case .record(let record) = value else {
        hasOther = true
        continue
      }
      if record.shape === shape { continue }  // nothing new: the last record had them all
      shape = record.shape
      for key in record.keys where !columns.contains(key) { columns.append(key) }
    }
    if hasOther && !columns.contains("value") { columns.append("value") }
    return columns
  }

  /// Every value's cells, row after row, `columns.count` to a row: a record's fields in
  /// their columns, any other value in the `value` column, empty cells elsewhere.
  static func grid(of values: [Value], columns: [String]) -> [TableCell] {
    var cells: [TableCell] = []
    cells.reserveCapacity(values.count * columns.count)
    let valueColumn = columns.firstIndex(of: "value")
    // The last record's shape (records of one sequence of keys share one: `RecordShape`), and
    // the column of each of its keys.
    var shape: RecordShape?
    var places: [Int] = []
    for value in values {
      let start = cells.count
      cells.append(contentsOf: repeatElement(.empty, count: columns.count))
      guard case .record(let record) = value else {
        if let valueColumn { cells[start + valueColumn] = TableCell(value) }
        continue
      }
      if record.shape !== shape {
        shape = record.shape
        places = record.keys.map { columns.firstIndex(of: $0)! }
      }
      for (field, place) in zip(record, places) { cells[start + place] = TableCell(field.value) }
    }
    return cells
  }
}

/// One cell of a table: the text `show` writes, its controls in their visible form (so that it
/// is measured as it is drawn: an escape sequence's ESC, measured as no column, padded the
/// cell short), whether it is a number (drawn on the right), and its columns when it is
/// printable ASCII alone (measured once).
struct TableCell {
  var text: String
  var isNumber: Bool
  /// The columns of printable ASCII text; nil for any other (`width` measures it).
  var asciiColumns: Int?

  static let empty = TableCell(text: "", isNumber: false)

  init(text: String, isNumber: Bool) {
    self.isNumber = isNumber
    if let columns = DisplayWidth.printableASCII(text) {
      self.text = text
      asciiColumns = columns
    } else {
      self.text = text.neutralisingControls()
      asciiColumns = DisplayWidth.printableASCII(self.text)
    }
  }

  private init(text: String, isNumber: Bool, asciiColumns: Int) {
    self.text = text
    self.isNumber = isNumber
    self.asciiColumns = asciiColumns
  }

  init(_ value: Value) {
    switch value {
    case .int(let int):
      // Digits and a sign: printable ASCII, a column each, measured without a scan.
      let digits = String(int)
      self.init(text: digits, isNumber: true, asciiColumns: digits.utf8.count)
    case .double: self.init(text: value.show, isNumber: true)
    default: self.init(text: value.show, isNumber: false)
    }
  }

  /// The columns the text takes.
  var width: Int { asciiColumns ?? text.displayWidth }
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
