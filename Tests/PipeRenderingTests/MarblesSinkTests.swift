import Foundation
import PipeDSL
import PipeRendering
import XCTest

final class MarblesSinkTests: RenderingTestCase {
  func testASCIIAndSVGOptions() throws {
    let path = NSTemporaryDirectory() + "marbles-sink-\(UUID().uuidString).svg"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let text = draw(#"cold "-a|" | marbles ascii svg: "\#(path)""#, width: 40)
    XCTAssertTrue(text.contains("^-"), text)
    XCTAssertFalse(text.contains("─"), text)
    let svg = try String(contentsOfFile: path, encoding: .utf8)
    XCTAssertTrue(svg.hasPrefix("<?xml"), svg)
  }

  func testAnUnknownWordIsReportedBeforeAnythingRuns() {
    let (output, session, _) = makeSession(Display())
    let report = session.execute(SourceFile(name: "t.pipe", text: "just 1 | marbles fancy"))
    XCTAssertEqual(report.diagnostics.map(\.message), ["'marbles' has no option 'fancy'"])
    XCTAssertEqual(output.lines, [])
  }

  func testKeepsTheLastDiagramWithoutItsSinkInTheTitle() {
    let (_, session, rendering) = run(#"cold "-a|" | map { . } | marbles"#)
    let diagram = rendering.lastDiagram(in: session)
    XCTAssertEqual(diagram?.title, #"cold "-a|" | map { . }"#)
    XCTAssertEqual(diagram?.lanes.map(\.label), [#"cold "-a|""#, "map { . }"])
  }

  func testAnUnhandledErrorIsDrawnAndReported() {
    let (output, _, _) = run("fail boom | marbles")
    XCTAssertTrue(output.lines.contains("# = boom: boom raised by fail"), "\(output.lines)")
    XCTAssertEqual(output.errorLines.count, 1)
    XCTAssertTrue(output.errorLines[0].hasPrefix("error: boom"), output.errorLines[0])
  }

  func testAStageSubscribedOftenKeepsItsFirstAndLastRows() {
    let text = draw(#"cold "-#" | retry 20 | marbles"#, width: 60)
    XCTAssertTrue(text.contains("↻6"), text)
    XCTAssertFalse(text.contains("↻7 "), text)
    XCTAssertTrue(text.contains("⋮  13 more subscriptions"), text)
    XCTAssertTrue(text.contains("↻20"), text)
  }

  func testAFallbackThatWasNotNeededIsShownIdle() {
    let text = draw("just 1 | catch (just 0) | marbles", width: 50)
    XCTAssertTrue(text.contains("└ just 0        not subscribed"), text)
  }
}
