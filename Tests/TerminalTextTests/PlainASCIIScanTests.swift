import TerminalText
import XCTest

/// The scans of whole lines for plain ASCII (`ControlCharacters.isPlainASCII`,
/// `DisplayWidth.printableASCII`) read a string's bytes in place: a small string (up to 15
/// bytes, kept inside the value) and a longer one alike, a control anywhere in it found.
final class PlainASCIIScanTests: XCTestCase {
  /// Lines of 5, 15, 16 and 200 bytes, with a control or a non-ASCII character put at each
  /// place in turn.
  let lengths = [5, 15, 16, 200]

  func testAControlAnywhereInALineIsWrittenVisibly() {
    for length in lengths {
      let plain = String(repeating: "x", count: length)
      XCTAssertTrue(ControlCharacters.isPlainASCII(plain), "\(length)")
      XCTAssertEqual(plain.neutralisingControls(), plain)
      for place in 0..<length {
        for control in ["\u{1B}", "\u{7F}", "\u{0}", "\u{85}"] {
          var characters = Array(plain)
          characters[place] = Character(control)
          let text = String(characters)
          XCTAssertFalse(ControlCharacters.isPlainASCII(text), "\(length) at \(place)")
          let escaped = "\\u{\(String(control.unicodeScalars.first!.value, radix: 16, uppercase: true))}"
          XCTAssertEqual(
            text.neutralisingControls(),
            String(repeating: "x", count: place) + escaped
              + String(repeating: "x", count: length - place - 1),
            "\(length) at \(place)")
        }
      }
    }
  }

  /// Every ASCII character at every place of a line of three words (read eight bytes at a
  /// time) and a tail: the line is plain exactly when the character is.
  func testEachASCIICharacterAtEachPlaceOfALongLine() {
    for value in 0..<0x80 {
      let scalar = Unicode.Scalar(UInt8(value))
      let plain = value == 0x09 || value == 0x0A || (value >= 0x20 && value < 0x7F)
      for place in 0..<27 {
        let text =
          String(repeating: "~", count: place) + String(scalar) + String(repeating: " ", count: 26 - place)
        XCTAssertEqual(ControlCharacters.isPlainASCII(text), plain, "\(value) at \(place)")
      }
    }
  }

  func testTabsAndLineBreaksArePlainButNotPrintable() {
    XCTAssertTrue(ControlCharacters.isPlainASCII("a\tb\nc and a line longer than fifteen bytes"))
    XCTAssertNil(DisplayWidth.printableASCII("a\tb"))
    XCTAssertNil(DisplayWidth.printableASCII("a longer line with a tab\there"))
  }

  func testPrintableASCIICountsColumnsOfShortAndLongText() {
    for length in lengths {
      let plain = String(repeating: "~", count: length)
      XCTAssertEqual(DisplayWidth.printableASCII(plain), length)
      XCTAssertEqual(DisplayWidth.printableASCII(plain + "é"), nil, "\(length)")
      XCTAssertEqual(DisplayWidth.of(plain + "東"), length + 2, "\(length)")
      // A substring is measured the same.
      XCTAssertEqual(DisplayWidth.printableASCII(plain.dropFirst()), length - 1)
    }
  }
}
