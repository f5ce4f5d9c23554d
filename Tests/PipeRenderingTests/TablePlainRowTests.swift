import PipeDSL
import TerminalText
import XCTest

@testable import PipeRendering

/// A table row of printable ASCII cells that fit is written straight into its line
/// (`TableRenderer.plainRow`): the same line `StyledLine.row` draws, and any other row is
/// still drawn by it.
final class TablePlainRowTests: RenderingTestCase {
  /// The row as `StyledLine` draws it, without colour.
  func styled(_ row: [(text: String, isNumber: Bool)?], widths: [Int]) -> String {
    StyledLine.row(row.map { ($0?.text ?? "", $0?.isNumber ?? false, TextStyle.plain) }, widths: widths)
      .rendered(colour: false)
  }

  func testAPlainRowIsTheLineStyledLineDraws() {
    let rows: [[(text: String, isNumber: Bool)?]] = [
      [("1", true), ("22", true)],
      [("Oslo", false), ("-3.5", true), nil],
      [nil, nil, ("x", false)],
      [("a b", false), ("", false), ("  ", false)],
      [("12345", true), ("~!@#", false), ("end", false)],
    ]
    for row in rows {
      let widths = row.map { max(5, $0?.text.count ?? 0) }
      XCTAssertEqual(TableRenderer.plainRow(row, widths: widths), styled(row, widths: widths), "\(row)")
    }
  }

  /// Text that is not printable ASCII, or does not fit, is left to `StyledLine`.
  func testAnyOtherRowIsLeftToStyledLine() {
    XCTAssertNil(TableRenderer.plainRow([("東京", false)], widths: [6]))
    XCTAssertNil(TableRenderer.plainRow([("e\u{301}", false)], widths: [6]))
    XCTAssertNil(TableRenderer.plainRow([("a\tb", false)], widths: [6]))
    XCTAssertNil(TableRenderer.plainRow([("toolong", false)], widths: [3]))
  }

  /// Through the sink: ASCII rows and a row of wide, combining and cut cells in one table.
  func testATableMixingPlainAndOtherRows() {
    XCTAssertEqual(
      draw(
        #"of([city: "Oslo", temp: 21.5], [city: "東京", temp: 18], [city: "Zu\u{308}rich", temp: -2]) | table"#),
      """
      city    temp
      ──────  ────
      Oslo    21.5
      東京      18
      Zu\u{308}rich    -2
      """)
  }
}

extension TableRenderer {
  /// `plainRow` of cells given as text and whether it is a number (nil: an empty cell), as a
  /// string; nil for a row that is not plain.
  static func plainRow(_ row: [(text: String, isNumber: Bool)?], widths: [Int]) -> String? {
    var bytes: [UInt8] = []
    let cells = row.map { $0.map { TableCell(text: $0.text, isNumber: $0.isNumber) } ?? .empty }
    return plainRow(cells[...], widths: widths, into: &bytes) ? String(decoding: bytes, as: UTF8.self) : nil
  }
}
