import TerminalText
import XCTest

/// Text of plain ASCII is passed on as it is without looking at its scalars one by one; each
/// ASCII control in it is still written visibly, wherever it stands.
final class ControlCharactersASCIITests: XCTestCase {
  func testEveryASCIICharacterIsWrittenVisiblyExactlyWhenItIsAControl() {
    for value in 0..<0x80 {
      let scalar = Unicode.Scalar(UInt8(value))
      let text = "ab" + String(Character(scalar)) + "cd"
      let neutralised = text.neutralisingControls()
      if ControlCharacters.isControl(scalar) {
        XCTAssertEqual(neutralised, "ab\\u{\(String(value, radix: 16, uppercase: true))}cd", "\(value)")
      } else {
        XCTAssertEqual(neutralised, text, "\(value)")
      }
    }
  }

  func testACharacterBeyondASCIIIsStillLookedAt() {
    XCTAssertEqual("a\u{85}b".neutralisingControls(), "a\\u{85}b")
    XCTAssertEqual("a\u{202E}b".neutralisingControls(), "a\\u{202E}b")
    XCTAssertEqual("Zürich 東京".neutralisingControls(), "Zürich 東京")
  }
}
