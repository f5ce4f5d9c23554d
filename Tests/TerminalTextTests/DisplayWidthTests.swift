import TerminalText
import XCTest

/// The one display width: what a terminal draws, column for column.
final class DisplayWidthTests: XCTestCase {
  func testWidths() {
    let cases: [(String, Int, String)] = [
      ("Oslo", 4, "ASCII"),
      ("東京", 4, "CJK ideographs are East Asian Wide"),
      ("서울", 4, "Hangul syllables"),
      ("ｱｲ", 2, "halfwidth katakana are narrow"),
      ("ＡＢ", 4, "fullwidth Latin"),
      ("\u{3000}", 2, "the ideographic space is fullwidth"),
      ("e\u{301}", 1, "a combining acute accent takes no column"),
      ("\u{1100}\u{1161}\u{11A8}", 2, "a syllable of conjoining jamo"),
      ("a\u{200B}b", 2, "a zero-width space"),
      ("😀", 2, "an emoji"),
      ("👍🏽", 2, "an emoji with a skin tone"),
      ("👨‍👩‍👧", 2, "a family joined by zero-width joiners"),
      ("🇳🇴", 2, "a flag"),
      ("❤️", 2, "a text symbol asking for emoji presentation"),
      ("❤", 1, "the same symbol as text"),
      ("1️⃣", 2, "a keycap"),
      ("└─┬", 3, "box drawing is narrow"),
      ("\t", 4, "a tab, as the diagnostics expand it"),
      ("\u{1B}[1;31merror:\u{1B}[0m", 6, "colours take no column"),
      ("\u{1B}]8;;https://x\u{7}link\u{1B}]8;;\u{1B}\\", 4, "a hyperlink's OSC sequences"),
      ("\u{1B}[3Aup", 2, "a cursor move"),
    ]
    for (text, width, why) in cases {
      XCTAssertEqual(DisplayWidth.of(text), width, why)
      XCTAssertEqual(text.displayWidth, width, why)
    }
  }

  func testPaddingFillsColumnsNotCharacters() {
    XCTAssertEqual("東京".padded(toWidth: 6), "東京  ")
    XCTAssertEqual("Oslo".padded(toWidth: 6), "Oslo  ")
    XCTAssertEqual("東京".leftPadded(toWidth: 5), " 東京")
    XCTAssertEqual("e\u{301}".padded(toWidth: 3), "e\u{301}  ")
    XCTAssertEqual("longer".padded(toWidth: 2), "longer", "never cut")
  }

  func testTruncationNeverSplitsAWideCharacter() {
    XCTAssertEqual("北京市朝阳区".truncated(toWidth: 6, ellipsis: "…"), "北京…")
    XCTAssertEqual("北京市朝阳区".truncated(toWidth: 7, ellipsis: "…"), "北京市…")
    XCTAssertEqual("北京".truncated(toWidth: 4, ellipsis: "…"), "北京")
    XCTAssertEqual("北京".truncated(toWidth: 1, ellipsis: "…"), "…")
    XCTAssertEqual("北京".prefix(toWidth: 3), "北")
  }

  func testTabsExpandAsMeasured() {
    XCTAssertEqual("a\tb".expandingTabs(), "a    b")
    XCTAssertEqual("a\tb".expandingTabs().displayWidth, "a\tb".displayWidth)
  }
}

/// Printable ASCII is measured by its bytes (`DisplayWidth.printableASCII`): the width that
/// measuring it character by character gives; anything else is measured so.
final class DisplayWidthASCIITests: XCTestCase {
  func testPrintableASCIIIsOneColumnEach() {
    let printable = String((0x20..<0x7F).map { Character(Unicode.Scalar($0)!) })
    XCTAssertEqual(DisplayWidth.printableASCII(printable), 95)
    XCTAssertEqual(
      printable.displayWidth, printable.reduce(0) { $0 + DisplayWidth.of($1.unicodeScalars.first!) })
    XCTAssertEqual("".displayWidth, 0)
  }

  func testAnyOtherTextIsMeasuredCharacterByCharacter() {
    XCTAssertNil(DisplayWidth.printableASCII("a\tb"))
    XCTAssertNil(DisplayWidth.printableASCII("\u{1B}[1mx"))
    XCTAssertNil(DisplayWidth.printableASCII("é"))
    XCTAssertEqual("a\tb".displayWidth, 2 + DisplayWidth.tabWidth)
    XCTAssertEqual("\u{1B}[1mbold\u{1B}[0m".displayWidth, 4)
    XCTAssertEqual("a\r\nb".displayWidth, 2)
    XCTAssertEqual(DisplayWidth.of(Character("\r\n")), 0)
  }
}
