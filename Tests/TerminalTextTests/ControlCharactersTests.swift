import TerminalText
import XCTest

/// `neutralisingControls`: what text from outside may not do to a terminal. In-process.
final class ControlCharactersTests: XCTestCase {
  func testEveryControlIsWrittenVisiblyButLineFeedsAndTabs() {
    XCTAssertEqual("\u{1B}]0;x\u{07}".neutralisingControls(), #"\u{1B}]0;x\u{7}"#)
    XCTAssertEqual(
      "a\u{9B}2J\u{202E}b\u{2066}\u{08}\r".neutralisingControls(), #"a\u{9B}2J\u{202E}b\u{2066}\u{8}\u{D}"#)
    XCTAssertEqual("\u{7F}\u{0}".neutralisingControls(), #"\u{7F}\u{0}"#)
    XCTAssertEqual("line\n\tnext • é 日本".neutralisingControls(), "line\n\tnext • é 日本")
  }

  /// Characters that show nothing but hide or reorder text: a zero-width space inside a
  /// name, a BOM, a line separator, ASCII smuggled in tag characters. Joiners stay.
  func testInvisibleFormatCharactersAreWrittenVisiblyButJoinersStay() {
    XCTAssertEqual(
      "a\u{200B}b\u{FEFF}c\u{2028}d\u{2060}e\u{206F}f\u{FFF9}".neutralisingControls(),
      #"a\u{200B}b\u{FEFF}c\u{2028}d\u{2060}e\u{206F}f\u{FFF9}"#)
    XCTAssertEqual("ok\u{E0069}\u{E0067}".neutralisingControls(), #"ok\u{E0069}\u{E0067}"#)
    XCTAssertEqual("👩\u{200D}💻 می\u{200C}خواهم".neutralisingControls(), "👩\u{200D}💻 می\u{200C}خواهم")
  }

  func testColoursStayOnlyWhenAsked() {
    let styled = "\u{1B}[2m[plugin] x\u{1B}[0m"
    XCTAssertEqual(styled.neutralisingControls(keepingStyles: true), styled)
    XCTAssertEqual(styled.neutralisingControls(), #"\u{1B}[2m[plugin] x\u{1B}[0m"#)
    // Only a colour is kept: a screen clear, a title or a cursor move is not.
    XCTAssertEqual(
      "\u{1B}[2J\u{1B}[3A\u{1B}]0;t\u{07}".neutralisingControls(keepingStyles: true),
      #"\u{1B}[2J\u{1B}[3A\u{1B}]0;t\u{7}"#)
  }

  func testTheJSONFormReadsBackInsideAJSONString() throws {
    let line = "{\"v\":\"a\u{9B}b\u{202E}\"}".neutralisingControls(form: .json)
    XCTAssertEqual(line, #"{"v":"a\u009Bb\u202E"}"#)
    let read = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String]
    XCTAssertEqual(read?["v"], "a\u{9B}b\u{202E}")
    // Beyond the BMP, as the UTF-16 pair JSON reads.
    let tag = "{\"v\":\"x\u{E0041}\"}".neutralisingControls(form: .json)
    XCTAssertEqual(tag, #"{"v":"x\uDB40\uDC41"}"#)
    let readTag = try JSONSerialization.jsonObject(with: Data(tag.utf8)) as? [String: String]
    XCTAssertEqual(readTag?["v"], "x\u{E0041}")
  }
}
