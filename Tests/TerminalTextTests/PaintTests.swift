import TerminalText
import XCTest

/// The style table applied to a stream: colour only when the stream's decision says so.
final class PaintTests: XCTestCase {
  func testColourWrapsTextInTheStylesSequence() {
    let paint = Paint(colour: true)
    XCTAssertEqual(paint("error:", .error), "\u{1B}[1;31merror:\u{1B}[0m")
    XCTAssertEqual(paint("note", .dim), "\u{1B}[2mnote\u{1B}[0m")
    XCTAssertEqual(paint("text", .plain), "text")
    XCTAssertEqual(paint("", .bold), "")
  }

  func testWithoutColourTextIsUnchanged() {
    for style in TextStyle.allCases {
      XCTAssertEqual(Paint.plain("text", style), "text")
      XCTAssertEqual(Paint.plain.switching(to: style), "")
    }
    XCTAssertEqual(Paint.plain.reset, "")
  }

  func testEveryStyleHasItsOwnLookExceptTheTwoYellowMarks() {
    let looks = Dictionary(grouping: TextStyle.allCases, by: \.parameters).filter { $0.value.count > 1 }
    XCTAssertEqual(looks.count, 1)
    XCTAssertEqual(Set(looks.values.first ?? []), [.disposed, .attempt])
  }

  func testColouredTextMeasuresAsPlain() {
    let paint = Paint(colour: true)
    XCTAssertEqual(paint("東京", .value).displayWidth, 4)
    XCTAssertEqual((paint.switching(to: .bold) + "ab" + paint.reset).displayWidth, 2)
  }

  func testCursorMovesAreEmptyForNoMove() {
    XCTAssertEqual(TerminalControl.up(2), "\u{1B}[2A")
    XCTAssertEqual(TerminalControl.up(0), "")
    XCTAssertEqual(TerminalControl.down(0) + TerminalControl.right(0), "")
    XCTAssertEqual(TerminalControl.right(3), "\u{1B}[3C")
  }

  func testAnInvisibleSequenceHasExactlyTheBytesAskedAndNoWidth() {
    for bytes in 3...9 {
      let sequence = TerminalControl.invisible(bytes: bytes)
      XCTAssertEqual(sequence.utf8.count, bytes)
      XCTAssertEqual(("a" + sequence + "b").displayWidth, 2)
    }
  }
}
