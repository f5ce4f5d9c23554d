import Foundation
import PipeDSL
import XCTest

@testable import PipeRendering

/// On the real clock and a terminal, `marbles` redraws in place while the run goes on.
final class LiveDiagramTests: RenderingTestCase {
  private final class Screen: @unchecked Sendable {
    private let lock = NSLock()
    private var writes: [String] = []
    func write(_ text: String) { lock.withLock { writes.append(text) } }
    var all: [String] { lock.withLock { writes } }
  }

  func testDrawsWhileRunningThenErasesForTheFinalDiagram() {
    let screen = Screen()
    let (output, session, _) = makeSession(
      Display(width: 50, unicode: true, live: { screen.write($0) }), clock: .real(speed: 1))
    _ = session.execute(SourceFile(name: "live.pipe", text: "every 150ms | take 4 | marbles"))
    let writes = screen.all
    XCTAssertGreaterThanOrEqual(writes.count, 3, "\(writes)")
    XCTAssertTrue(writes[0].contains("every 150ms"), writes[0])
    XCTAssertFalse(writes[0].hasPrefix("\u{1B}["), "the first drawing has nothing to erase")
    XCTAssertTrue(writes[1].hasPrefix("\u{1B}[\(writes[0].count { $0 == "\n" })A\r\u{1B}[J"), writes[1])
    XCTAssertTrue(
      writes.last!.hasPrefix("\u{1B}[") && !writes.last!.contains("every"), "the last write erases")
    XCTAssertTrue(output.lines.contains { $0.hasPrefix("take 4") && $0.hasSuffix("|") }, "\(output.lines)")
  }

  func testVirtualTimeNeverDrawsLive() {
    let screen = Screen()
    let (_, session, _) = makeSession(Display(width: 50, live: { screen.write($0) }))
    _ = session.execute(SourceFile(name: "v.pipe", text: "every 1s | take 3 | marbles"))
    XCTAssertEqual(screen.all, [])
  }
}

final class LiveDiagramRowsTests: XCTestCase {
  func testAWideLineTakesSeveralRowsItsColoursNotCounted() {
    XCTAssertEqual(LiveDiagram.rows("", width: 10), 1)
    XCTAssertEqual(LiveDiagram.rows("0123456789", width: 10), 1)
    XCTAssertEqual(LiveDiagram.rows("\u{1B}[0m\u{1B}[2;33m0123456789\u{1B}[0m", width: 10), 1)
    XCTAssertEqual(LiveDiagram.rows("0123456789a", width: 10), 2)
  }
}
