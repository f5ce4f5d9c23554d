import PipeDSL
import XCTest

@testable import PipeRendering

/// `table` writes and measures each value's cells once, into one grid, and places a record of
/// the last one's shape without looking its keys up again: records whose keys change, change
/// order, or go missing between rows still put every field in its own column.
final class TableShapesTests: RenderingTestCase {
  func testRecordsChangingShapeKeepEachFieldInItsColumn() {
    XCTAssertEqual(
      draw(
        "of([a: 1, b: 2], [a: 3, b: 4], [b: 5, a: 6], [a: 7, c: 8], [c: 9], [b: 10, c: 11, a: 12], 13) | table"
      ),
      """
      a   b   c   value
      ──  ──  ──  ─────
       1   2
       3   4
       6   5
       7       8
               9
      12  10  11
                     13
      """)
  }

  /// A record with a field named `value` fills the column other values go in.
  func testAFieldNamedValueSharesTheValueColumn() {
    XCTAssertEqual(
      draw(#"of([value: "x"], "y", [value: "z", n: 1]) | table"#),
      """
      value  n
      ─────  ─
      x
      y
      z      1
      """)
  }

  /// Cells of every kind in one column: the widest sets the width, measured once each.
  func testWidthsCountWideAndCombiningCharacters() {
    XCTAssertEqual(
      draw(#"of([c: "東京"], [c: "Zu\u{308}rich"], [c: 12345678], [c: "ab"]) | table"#),
      """
      c
      ────────
      東京
      Zu\u{308}rich
      12345678
      ab
      """)
  }
}
