import PipeDSL
import XCTest

final class SourceFileTests: XCTestCase {
  func testLinesAndColumns() {
    let file = SourceFile(name: "a.pipe", text: "just 1\n\ntake \"é😀\" 2\n")
    XCTAssertEqual(file.lineStarts, [0, 7, 8, 24])
    XCTAssertEqual(file.location(of: 0), SourceLocation(line: 1, column: 1))
    XCTAssertEqual(file.location(of: 7), SourceLocation(line: 2, column: 1))
    XCTAssertEqual(file.location(of: 22), SourceLocation(line: 3, column: 11))  // é and 😀 are one column each
    XCTAssertEqual(file.location(of: 999), SourceLocation(line: 4, column: 1))
    XCTAssertEqual(file.lineText(3), "take \"é😀\" 2")
    XCTAssertEqual(file.text(of: Span(8, 12)), "take")
  }

  func testSpans() {
    XCTAssertEqual(Span(3, 5).to(Span(1, 2)), Span(1, 5))
    XCTAssertEqual(Span(5, 3), Span(5, 5))
    XCTAssertTrue(Span(1, 3).contains(2))
    XCTAssertEqual(Span.at(4).count, 0)
  }

  func testCarriageReturnsAreNotPartOfALine() {
    let file = SourceFile(name: "crlf.pipe", text: "just 1\r\ntake 2\r\n")
    XCTAssertEqual(file.lineText(1), "just 1")
    XCTAssertEqual(file.lineText(2), "take 2")
  }
}
