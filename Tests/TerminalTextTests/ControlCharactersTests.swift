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
  }
}
