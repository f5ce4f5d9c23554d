import PipeDSL
import XCTest

@testable import PipeRendering

final class TableAndPlotTests: RenderingTestCase {
  func testRecordsAreColumnsAndOtherValuesShareOne() {
    XCTAssertEqual(
      draw(#"of([city: "Oslo", temp: 21.5], [city: "Lima", temp: 18], 3) | table"#),
      """
      city  temp  value
      ────  ────  ─────
      Oslo  21.5
      Lima    18
                      3
      """)
  }

  func testWideCellsAreCutToTheWidthInASCII() {
    let long = String(repeating: "x", count: 60)
    XCTAssertEqual(
      draw(#"of([note: "\#(long)", n: 1]) | table"#, width: 30, unicode: false),
      """
      note                         n
      ---------------------------  -
      xxxxxxxxxxxxxxxxxxxxxxxx...  1
      """)
  }

  func testAnEmptyStreamSaysSo() {
    XCTAssertEqual(draw("empty | table"), "(no values)")
    XCTAssertEqual(draw(#"just "a" | plot"#), "(no numbers to plot)")
  }

  func testNumbersAtOneInstantGetASparklineOnly() {
    XCTAssertEqual(draw("of(1, 2, 4, 8) | plot"), "▁▂▄█  4 values, min 1, max 8")
    XCTAssertEqual(draw("of(1, 2, 4, 8) | plot", unicode: false), "_.=@  4 values, min 1, max 8")
  }

  func testNumbersOverTimeGetAChartWithAxes() {
    XCTAssertEqual(
      draw("every 1s | take 4 | map { [n: ., sq: . * .] } | plot", width: 40),
      """
      ▁▃▆█  4 values of n, min 0, max 3
        3 ┤                                 •
          │
          │                         •
          │
      1.5 ┤
          │                 •
          │
        0 ┤        •
          └┬────────────────┬───────────────┬
           0s               2s              4s
      """)
  }

  func testASparklineAveragesWhenThereAreMoreValuesThanColumns() {
    let line = Sparkline(bars: Glyphs.unicode.bars).draw((1...100).map(Double.init), width: 10)
    XCTAssertEqual(line, "▁▂▃▃▄▅▆▆▇█")
  }
}
