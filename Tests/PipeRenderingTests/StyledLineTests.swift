import XCTest

@testable import PipeRendering

/// A styled line is laid out in terminal columns: a wide character takes two, a combining
/// mark none, and writing over half of a wide character blanks the other half, so nothing
/// after it moves.
final class StyledLineTests: XCTestCase {
  func testWideCharactersTakeTwoColumns() {
    var line = StyledLine()
    line.put("東京", at: 0)
    line.put("|", at: 4)
    XCTAssertEqual(line.width, 5)
    XCTAssertEqual(line.rendered(colour: false), "東京|")
  }

  func testACombiningMarkJoinsTheColumnBeforeIt() {
    var line = StyledLine()
    line.put("e\u{301}x", at: 0)
    XCTAssertEqual(line.width, 2)
    line.put("\u{301}", at: 2)
    XCTAssertEqual(line.rendered(colour: false), "e\u{301}x\u{301}")
  }

  func testOverwritingHalfAWideCharacterBlanksTheOtherHalf() {
    var right = StyledLine()
    right.put("東京", at: 0)
    right.put("x", at: 1)
    XCTAssertEqual(right.rendered(colour: false), " x京")
    var left = StyledLine()
    left.put("東京!", at: 0)
    left.put("x", at: 2)
    XCTAssertEqual(left.rendered(colour: false), "東x !")
  }

  func testAWideCharacterInColourKeepsItsStyleOnce() {
    var line = StyledLine()
    line.put("東", at: 0, .value)
    XCTAssertEqual(line.rendered(colour: true), "\u{1B}[0m\u{1B}[36m東\u{1B}[0m")
  }
}
