import Foundation
import PipeDSL
import XCTest

@testable import PipeRendering

/// `clients … | plot` draws the load on the service: attempts per second, first tries under
/// retries, the capacity and the outage; `plot svg: "FILE"` writes it as SVG.
final class LoadChartTests: RenderingTestCase {
  /// Twenty clients over 2 s, the service down for the first second and taking 15 a second:
  /// the first second is first tries and their retries, the second more first tries and
  /// retries over the capacity's line, the third retries only.
  func testASmallSeededRunDrawsItsLoadExactly() {
    assertDiagram(
      #"clients 20 (weather "London" | retry 5) over 2s outage 1s capacity 15 seed 3 | plot"#, width: 40,
      """
      attempts per second at the service: 20 first tries, 23 retries, peak 20
      20 ┤    ░░░░
         │░░░░░░░░
      15 ┤░░░░░░░░┄┄┄┄
         │░░░░████
         │░░░░████
         │░░░░████
         │████████
         │████████░░░░
         │████████░░░░
         │████████░░░░
       0 └┬───┬───┬───┬
          0s  1s  2s  3s
          ├──┤
      █ first tries  ░ retries  ┄ capacity 15/s  ├┤ outage until 1s
      """)
  }

  func testFirstTriesAndRetriesAreStackedWithTheirOwnGlyphs() {
    let expected = """
      attempts per second at the service: 4 first tries, 5 retries, peak 4
      4 ┤████░░░░
        │████░░░░
      3 ┤████░░░░┄┄┄┄
        │████░░░░
        │████░░░░
        │████░░░░
        │████░░░░
        │████░░░░░░░░
        │████░░░░░░░░
        │████░░░░░░░░
      0 └┬───┬───┬───┬
         0s  1s  2s  3s
         ├──────┤
      █ first tries  ░ retries  ┄ capacity 3/s  ├┤ outage until 2s
      """
    assertDiagram(
      "of([firstTries: [4, 0, 0], retries: [0, 4, 1], capacity: 3, outage: 2000]) | plot", width: 60, expected
    )
    // The negative twin: the same attempts, the retries counted as first tries, is not that drawing.
    XCTAssertNotEqual(
      draw("of([firstTries: [4, 4, 1], retries: [0, 0, 0], capacity: 3, outage: 2000]) | plot", width: 60),
      expected)
  }

  func testWithoutUnicodeTheGlyphsAreASCII() {
    XCTAssertEqual(
      draw("of([firstTries: [2, 0], retries: [0, 2]]) | plot", width: 30, unicode: false),
      """
      attempts per second at the service: 2 first tries, 2 retries, peak 2
      2 +####::::
        |####::::
        |####::::
        |####::::
        |####::::
        |####::::
        |####::::
        |####::::
        |####::::
        |####::::
      0 ++---+---+
         0s  1s  2s
      # first tries  : retries
      """)
  }

  func testTheSVGIsWellFormedWithABarASecond() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("load-svg-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("load.svg").path
    let clients = #"clients 50 (weather "London" | retry 4) over 3s outage 2s capacity 20 seed 5"#
    let (output, _, _) = run(clients + #" | plot svg: "\#(file)""#)
    XCTAssertEqual(output.errorLines, [])
    // The seconds the summary counts: its load's `firstTries: [a, b, …]`.
    let summary = draw(clients)
    let firstTries = try XCTUnwrap(summary.firstMatch(of: /firstTries: \[([^\]]*)\]/), summary).1
    let seconds = firstTries.split(separator: ",").count
    XCTAssertGreaterThan(seconds, 3, summary)
    let outline = try SVGOutline(try String(contentsOfFile: file, encoding: .utf8))
    XCTAssertEqual(outline.root, "svg")
    XCTAssertEqual(outline.groups(class: "bar"), seconds)
    XCTAssertEqual(outline.count("rect", class: "first"), seconds)
    XCTAssertEqual(outline.count("rect", class: "retry"), seconds)
    XCTAssertEqual(outline.count("line", class: "capacity"), 1)
    XCTAssertEqual(outline.groups(class: "outage"), 1)
    for text in ["first tries", "retries", "capacity 20/s", "outage until 2s", "0s", "2s"] {
      XCTAssertTrue(outline.texts.contains(text), "missing \(text) in \(outline.texts)")
    }
  }

  func testPlotSVGOfPlainNumbersSaysWhatItDraws() {
    let (output, _, _) = run(#"of(1, 2) | plot svg: "/nonexistent/x.svg""#)
    XCTAssertEqual(
      output.errorLines, ["error: plot svg: draws the load of a clients summary, and these values have none"])
  }
}
