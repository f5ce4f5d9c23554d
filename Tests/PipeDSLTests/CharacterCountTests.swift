import XCTest

@testable import PipeDSL

/// `len` of a string counts what `String.count` counts, whichever way it is counted: the ASCII
/// pass over the bytes, or the walk of grapheme clusters.
final class CharacterCountTests: XCTestCase {
  func testEveryKindOfTextCountsAsStringCountDoes() {
    let pieces = ["a", "\r", "\n", "\r\n", "é", "e\u{301}", "👍🏽", "\u{7F}", " ", "\t", "\0", "🇳🇴"]
    var texts: [String] = ["", String(repeating: "x", count: 15), String(repeating: "x", count: 16)]
    // Every sequence of up to three pieces: CR LF pairs made across pieces, at either end,
    // beside a non-ASCII character; small strings and heap ones.
    for a in pieces {
      texts.append(a)
      for b in pieces {
        texts.append(a + b)
        for c in pieces { texts += [a + b + c, String(repeating: "y", count: 14) + a + b + c] }
      }
    }
    // Around the 4 KiB bound, where the count goes to String.count.
    for length in [4094, 4095, 4096, 4097] {
      texts += [String(repeating: "z", count: length), String(repeating: "\r\n", count: length / 2) + "\r"]
      texts.append(String(repeating: "a", count: length - 1) + "é")
    }
    // A bridged-like string made from UTF-16, and a substring's copy.
    texts += [String(decoding: Array("ab\r\ncd".utf16), as: UTF16.self), String("--\r\n--".dropFirst())]
    var checked = 0
    for text in texts {
      XCTAssertEqual(ExpressionFunction.characters(text), text.count, "\(text.debugDescription)")
      checked += 1
    }
    XCTAssertGreaterThan(checked, 3000)
  }
}

/// The eight-byte reading of `characters`: a high bit, a CR, a CR LF or a lone LF at every
/// place of texts of every length around the words' bounds, counted as `String.count` does.
final class CharacterCountWordTests: XCTestCase {
  func testAMarkAtEveryPlaceCountsAsStringCountDoes() {
    var checked = 0
    for length in 1...40 {
      for place in 0..<length {
        for mark in ["\r", "\n", "\r\n", "\n\r", "é", "\u{80}", "\r\r\n", "\u{7F}", "\u{0C}", "\u{8D}"] {
          var text = String(repeating: "a", count: length)
          text.insert(contentsOf: mark, at: text.index(text.startIndex, offsetBy: place))
          XCTAssertEqual(ExpressionFunction.characters(text), text.count, "\(text.debugDescription)")
          checked += 1
        }
      }
    }
    XCTAssertGreaterThan(checked, 8000)
  }
}
