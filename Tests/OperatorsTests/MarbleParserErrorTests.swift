import Operators
import XCTest

final class MarbleParserErrorTests: XCTestCase {
  /// Every malformed diagram names its problem and its column, in one lowercase message.
  func testMalformedDiagramsGiveClearMessages() {
    let cases: [(text: String, kind: MarbleDiagram.Kind, message: String)] = [
      ("-a-(b", .cold, "unclosed group '(' at column 4"),
      ("a)", .cold, "')' without an opening '(' at column 2"),
      ("((a))", .cold, "nested group '(': a group cannot contain another at column 2"),
      ("-()", .cold, "empty group '()' at column 2"),
      ("(a-b)", .cold, "time '-' inside a group: its events share one frame at column 3"),
      ("(a 1ms b)", .cold, "time '1ms' inside a group: its events share one frame at column 4"),
      ("-^-a", .cold, "subscription point '^' in a cold diagram at column 2"),
      ("^-^", .hot, "second subscription point '^' at column 3"),
      ("-a-!", .hot, "unsubscription point '!' outside a subscription diagram at column 4"),
      ("-a-!", .cold, "unsubscription point '!' outside a subscription diagram at column 4"),
      ("^-!-!", .subscription, "second unsubscription point '!' at column 5"),
      ("!-^", .subscription, "unsubscription point '!' before the subscription point '^' at column 1"),
      ("--!", .subscription, "unsubscription point '!' without a subscription point '^' at column 3"),
      (
        "^-a", .subscription,
        "'a' in a subscription diagram, which has only '-', '^', '!' and times at column 3"
      ),
      (
        "^-|", .subscription,
        "'|' in a subscription diagram, which has only '-', '^', '!' and times at column 3"
      ),
      ("-a|b", .cold, "'b' after '|' has ended the stream at column 4"),
      ("#-|", .hot, "'|' after '#' has ended the stream at column 3"),
      ("(a|b)", .cold, "'b' after '|' has ended the stream at column 4"),
      (
        "a 99999999999999999999m b", .cold, "time progression '99999999999999999999m' is too long at column 3"
      ),
      ("a 60000000m b", .cold, "time progression '60000000m' is too long at column 3"),
      ("a 30000000m 30000000m b", .cold, "time progression '30000000m' is too long at column 13"),
    ]
    for (text, kind, message) in cases {
      XCTAssertThrowsError(try MarbleDiagram(parsing: text, as: kind), "\"\(text)\"") { error in
        XCTAssertEqual((error as? MarbleSyntaxError)?.message, message, "\"\(text)\"")
      }
    }
  }

  func testErrorCarriesReasonAndColumnSeparately() {
    do {
      _ = try MarbleDiagram(cold: "--(ab")
      XCTFail("expected an error")
    } catch {
      XCTAssertEqual(error, MarbleSyntaxError(.unclosedGroup, column: 3))
      XCTAssertEqual(error.summary, "unclosed group '('")
      XCTAssertEqual(error.description, "unclosed group '(' at column 3")
    }
  }

  /// Columns count characters, not bytes: what a caret under user text needs.
  func testColumnsCountCharacters() {
    XCTAssertThrowsError(try MarbleDiagram(cold: "é🙂-(")) { error in
      XCTAssertEqual((error as? MarbleSyntaxError)?.column, 4)
    }
  }

  /// Whatever it is given, the parser returns a diagram or an error, never a crash; every
  /// diagram it returns draws back to itself.
  func testArbitraryTextNeverCrashesAndRoundTrips() throws {
    let tokens = ["-", "a", "b", "7", "(", ")", "^", "!", "|", "#", " ", " 10ms ", " 1.5s ", "é", "\n"]
    var generator = SplitMix(seed: 42)
    var parsed = 0
    for _ in 0..<3000 {
      let length = Int(generator.next() % 14)
      let text = (0..<length).map { _ in tokens[Int(generator.next() % UInt64(tokens.count))] }.joined()
      for kind in [MarbleDiagram.Kind.cold, .hot, .subscription] {
        guard let diagram = try? MarbleDiagram(parsing: text, as: kind) else { continue }
        parsed += 1
        XCTAssertEqual(try MarbleDiagram(parsing: diagram.rendered(), as: kind), diagram, "\"\(text)\"")
      }
    }
    XCTAssertGreaterThan(parsed, 1000, "the generator should mostly make readable diagrams")
  }

  func testUnicodeAndControlCharactersNeverCrash() {
    for text in [
      "\u{0}", "(\u{301}", "-\u{301}|", "(((((", ")))", "^^^^", "!!!!", "0.0000000000001ms a", "1e9ms",
    ] {
      for kind in [MarbleDiagram.Kind.cold, .hot, .subscription] {
        _ = try? MarbleDiagram(parsing: text, as: kind)
      }
    }
  }
}

/// A small deterministic random generator, so a failing input can be found again.
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
