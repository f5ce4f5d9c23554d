import XCTest

@testable import PipeDSL

/// `+` of two strings that make a small string copies their bytes into it
/// (`Operations.joined`): the same string as `x + y`, byte for byte, whatever the text.
final class StringJoinTests: XCTestCase {
  func testAJoinedSmallStringIsWhatPlusMakes() {
    let pieces = [
      "", "a", "item ", "1999999", "\r", "\n", "é", "e\u{301}", "👍🏽", "🇳🇴", "\u{7F}", "\0", "xyz12345",
    ]
    var pairs: [(String, String)] = []
    for a in pieces {
      for b in pieces { pairs.append((a, b)) }
      for length in 0...16 { pairs.append((a, String(repeating: "q", count: length))) }
    }
    var joined = 0
    for (x, y) in pairs {
      let bytes = x.utf8.count + y.utf8.count
      guard bytes <= Operations.smallStringBytes else { continue }
      let made = Operations.joined(x, y, bytes: bytes)
      XCTAssertEqual(made, x + y, "\((x + y).debugDescription)")
      XCTAssertEqual(Array(made.utf8), Array((x + y).utf8), "\((x + y).debugDescription)")
      XCTAssertEqual(made.count, (x + y).count, "\((x + y).debugDescription)")
      XCTAssertEqual(made.hashValue, (x + y).hashValue, "\((x + y).debugDescription)")
      joined += 1
    }
    XCTAssertGreaterThan(joined, 300)
  }

  /// `+` on strings in the language, on both sides of the small strings' bound, and its
  /// errors as they were.
  func testPlusOfStringsInTheLanguage() {
    XCTAssertEqual(
      printed(#"of("", "abcdefghijklmn", "abcdefghijklmno", "é") | map {. + "x"} | show"#),
      ["x", "abcdefghijklmnx", "abcdefghijklmnox", "éx"])
    XCTAssertEqual(printed(#"of(1, 22) | map {str(.) + "!"} | filter {len(.) == 3} | show"#), ["22!"])
    XCTAssertEqual(
      printed(#"just "a" | map {. + 1} | show"#),
      [
        #"error: typeError — cannot apply '+' to string "a" and int 1; to join text, convert with str(...) (at map {. + 1})"#
      ])
  }
}
