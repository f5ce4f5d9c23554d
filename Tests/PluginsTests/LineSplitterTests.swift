import PluginProtocol
import XCTest

final class LineSplitterTests: XCTestCase {
  private func lines(_ chunks: [String], maxLineLength: Int = 1 << 20) throws -> [String] {
    var splitter = LineSplitter(maxLineLength: maxLineLength)
    var lines: [String] = []
    for chunk in chunks {
      try splitter.feed(Array(chunk.utf8)) { line in
        lines.append(String(decoding: line, as: UTF8.self))
        return true
      }
    }
    return lines
  }

  func testSplitsLinesAcrossChunksAndSkipsEmptyOnes() throws {
    XCTAssertEqual(try lines(["a\nb", "c\n\n", "d", "", "\ne\n"]), ["a", "bc", "d", "e"])
  }

  func testKeepsAnUnfinishedLineUntilItsNewline() throws {
    var splitter = LineSplitter()
    try splitter.feed(Array("abc".utf8)) { _ in
      XCTFail("no line yet"); return true
    }
    XCTAssertTrue(splitter.hasPartialLine)
  }

  func testALineOverTheLimitIsAnErrorBeforeItsNewline() {
    XCTAssertNoThrow(try lines(["12345\n"], maxLineLength: 5))
    XCTAssertThrowsError(try lines(["123", "456"], maxLineLength: 5)) { error in
      XCTAssertEqual("\(error)", "a line longer than 5 bytes")
    }
    XCTAssertThrowsError(try lines(["123456\n"], maxLineLength: 5))
  }

  func testStopsWhenTheCallbackSaysSo() throws {
    var splitter = LineSplitter()
    var seen = 0
    try splitter.feed(Array("a\nb\nc\n".utf8)) { _ in
      seen += 1
      return false
    }
    XCTAssertEqual(seen, 1)
  }
}
