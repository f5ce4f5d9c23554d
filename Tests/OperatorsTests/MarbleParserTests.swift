import Operators
import OperatorsTestSupport
import XCTest

/// A marble event at a time in milliseconds, for building expected diagrams.
func at(_ time: Double, _ event: MarbleEvent) -> (time: Time, event: MarbleEvent) {
  (.nanoseconds(Int64((time * 1e6).rounded())), event)
}

final class MarbleParserTests: XCTestCase {
  func testDashesAreFramesAndValuesTakeOneFrameEach() throws {
    XCTAssertEqual(try MarbleDiagram(cold: "---"), MarbleDiagram())
    XCTAssertEqual(try MarbleDiagram(cold: "---a"), MarbleDiagram(events: [at(3, .next("a"))]))
    XCTAssertEqual(
      try MarbleDiagram(cold: "ab-c"),
      MarbleDiagram(events: [at(0, .next("a")), at(1, .next("b")), at(3, .next("c"))]))
  }

  func testCompletionAndErrorTakeAFrame() throws {
    XCTAssertEqual(
      try MarbleDiagram(cold: "-a-|"), MarbleDiagram(events: [at(1, .next("a")), at(3, .completed)]))
    XCTAssertEqual(try MarbleDiagram(cold: "--#"), MarbleDiagram(events: [at(2, .error)]))
  }

  func testAnyOtherCharacterIsAValue() throws {
    XCTAssertEqual(
      try MarbleDiagram(cold: "1*é🙂"),
      MarbleDiagram(events: [
        at(0, .next("1")), at(1, .next("*")), at(2, .next("é")), at(3, .next("🙂")),
      ]))
  }

  /// RxJS's own example: "--(abc)-|" emits a, b and c on frame 2 and completes on frame 8.
  func testGroupSharesItsFrameAndTakesItsLengthInFrames() throws {
    XCTAssertEqual(
      try MarbleDiagram(cold: "--(abc)-|"),
      MarbleDiagram(events: [
        at(2, .next("a")), at(2, .next("b")), at(2, .next("c")), at(8, .completed),
      ]))
    XCTAssertEqual(
      try MarbleDiagram(cold: "(a|)"), MarbleDiagram(events: [at(0, .next("a")), at(0, .completed)]))
  }

  func testSpacesTakeNoTime() throws {
    XCTAssertEqual(
      try MarbleDiagram(cold: "  -a - b ( c d ) |"),
      MarbleDiagram(events: [
        at(1, .next("a")), at(3, .next("b")), at(4, .next("c")), at(4, .next("d")), at(8, .completed),
      ]))
    XCTAssertEqual(try MarbleDiagram(cold: "\t-\ta"), MarbleDiagram(events: [at(1, .next("a"))]))
  }

  /// RxJS's own example: "a 9ms b 9s c|" emits a on frame 0, b on 10, c on 9,011, and
  /// completes on 9,012.
  func testTimeProgressions() throws {
    XCTAssertEqual(
      try MarbleDiagram(cold: "a 9ms b 9s c|"),
      MarbleDiagram(events: [
        at(0, .next("a")), at(10, .next("b")), at(9011, .next("c")), at(9012, .completed),
      ]))
    XCTAssertEqual(try MarbleDiagram(cold: "100ms #"), MarbleDiagram(events: [at(100, .error)]))
    XCTAssertEqual(
      try MarbleDiagram(cold: "a 1.5s b"), MarbleDiagram(events: [at(0, .next("a")), at(1501, .next("b"))]))
    XCTAssertEqual(try MarbleDiagram(cold: "2m |"), MarbleDiagram(events: [at(120_000, .completed)]))
    XCTAssertEqual(try MarbleDiagram(cold: " 0.5ms a"), MarbleDiagram(events: [at(0.5, .next("a"))]))
    XCTAssertEqual(try MarbleDiagram(cold: "a 10ms"), MarbleDiagram(events: [at(0, .next("a"))]))
  }

  /// A time needs a space (or the start) before it and a space (or the end) after it;
  /// otherwise its characters are values, as in RxJS.
  func testTimeProgressionNeedsSpacesAround() throws {
    let values = { (text: String) in try MarbleDiagram(cold: text).events.map(\.event.glyph) }
    XCTAssertEqual(try values("a100ms"), ["a", "1", "0", "0", "m", "s"])
    XCTAssertEqual(try values("-1ms"), ["1", "m", "s"])
    XCTAssertEqual(try values("a 1msb"), ["a", "1", "m", "s", "b"])
    XCTAssertEqual(try values("1 2 10 x"), ["1", "2", "1", "0", "x"])
    XCTAssertEqual(try values("a 1.ms"), ["a", "1", ".", "m", "s"])
  }

  func testHotSubscriptionPointIsTimeZero() throws {
    XCTAssertEqual(
      try MarbleDiagram(hot: "-a-^-b-(cd)|"),
      MarbleDiagram(
        events: [
          at(-2, .next("a")), at(2, .next("b")), at(4, .next("c")), at(4, .next("d")), at(8, .completed),
        ], subscription: .milliseconds(3)))
    XCTAssertEqual(
      try MarbleDiagram(hot: "^-a|"),
      MarbleDiagram(events: [at(2, .next("a")), at(3, .completed)], subscription: .zero))
    XCTAssertEqual(
      try MarbleDiagram(hot: "-(^a)"),
      MarbleDiagram(events: [at(0, .next("a"))], subscription: .milliseconds(1)))
    XCTAssertEqual(try MarbleDiagram(hot: "-a-|"), try MarbleDiagram(cold: "-a-|"))
  }

  /// RxJS's own example: "-^-!-" subscribes on frame 1 and unsubscribes on frame 3.
  func testSubscriptionDiagrams() throws {
    let diagram = { (text: String) in try MarbleDiagram(subscription: text) }
    XCTAssertEqual(try diagram("-^-!-"), MarbleDiagram(subscription: ms(1), unsubscription: ms(3)))
    XCTAssertEqual(try diagram("^--!"), MarbleDiagram(subscription: ms(0), unsubscription: ms(3)))
    XCTAssertEqual(try diagram("^!"), MarbleDiagram(subscription: ms(0), unsubscription: ms(1)))
    XCTAssertEqual(try diagram("(^!)"), MarbleDiagram(subscription: ms(0), unsubscription: ms(0)))
    XCTAssertEqual(try diagram("^ 100ms !"), MarbleDiagram(subscription: ms(0), unsubscription: ms(101)))
    XCTAssertEqual(try diagram("  --^"), MarbleDiagram(subscription: ms(2)))
    XCTAssertEqual(try diagram(""), MarbleDiagram())
  }
}
