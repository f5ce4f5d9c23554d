import PipeDSL
import XCTest

@testable import PipeRendering

/// A table's cells and keys are measured as they are written: a control character in a value
/// or a key (untrusted text: a plugin's answer, JSON) is drawn in its visible form and the
/// columns stay aligned around it.
final class TableControlsTests: RenderingTestCase {
  func testAnEscapeInACellIsDrawnVisiblyAndPaddedAsDrawn() {
    XCTAssertEqual(
      draw(#"of([a: "x\u{1B}[31my", b: 1], [a: "long text", b: 2]) | table"#),
      #"""
      a             b
      ────────────  ─
      x\u{1B}[31my  1
      long text     2
      """#)
  }

  func testControlsInAKeyAndInAWideCellKeepTheColumnsAligned() {
    XCTAssertEqual(
      draw(#"of(["k\u{7}": "東\u{8}", n: 1], ["k\u{7}": "ab", n: 22]) | table"#),
      #"""
      k\u{7}   n
      ───────  ──
      東\u{8}   1
      ab       22
      """#)
  }
}
