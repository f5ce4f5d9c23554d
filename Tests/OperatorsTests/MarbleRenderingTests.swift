import Operators
import OperatorsTestSupport
import XCTest

final class MarbleRenderingTests: XCTestCase {
  private func drawn(_ events: [(Double, Event<String>)], maxDashes: Int = 20) -> String {
    let recorded = events.map { (time: at($0.0, .completed).time, event: $0.1) }
    return MarbleDiagram(recorded: recorded) { Character($0) }.rendered(maxDashes: maxDashes)
  }

  func testFramesValuesAndStopEvents() {
    XCTAssertEqual(drawn([]), "")
    XCTAssertEqual(drawn([(1, .next("a")), (3, .next("b")), (4, .completed)]), "-a-b|")
    XCTAssertEqual(drawn([(2, .error(TestError()))]), "--#")
    XCTAssertEqual(drawn([(0, .next("1")), (3, .completed)]), "1--|")
  }

  /// A group takes its length in frames: after "(ab)" on frame 0 the next column is frame 4.
  func testSameFrameEventsAreGrouped() {
    XCTAssertEqual(
      drawn([(0, .next("a")), (0, .next("b")), (5, .next("c")), (10, .completed)]), "(ab)-c----|")
    XCTAssertEqual(drawn([(2, .next("a")), (2, .completed)]), "--(a|)")
  }

  func testLongGapsBecomeTimeProgressions() throws {
    XCTAssertEqual(drawn([(0, .next("a")), (100, .next("b"))]), "a 99ms b")
    XCTAssertEqual(drawn([(0, .next("a")), (1501, .next("b"))]), "a 1.5s b")
    XCTAssertEqual(drawn([(0, .next("a")), (120_001, .completed)]), "a 2m |")
    XCTAssertEqual(drawn([(100, .error(TestError()))]), "100ms #")
    XCTAssertEqual(try MarbleDiagram(hot: "-a 100ms (bc)|").rendered(), "-a 100ms (bc)|")
    XCTAssertEqual(drawn([(0, .next("a")), (1.5, .next("b"))]), "a 0.5ms b")
    XCTAssertEqual(drawn([(0, .next("a")), (21, .next("b"))]), "a--------------------b")
    XCTAssertEqual(drawn([(0, .next("a")), (22, .next("b"))]), "a 21ms b")
    XCTAssertEqual(
      drawn([(0, .next("a")), (30, .next("b"))], maxDashes: 40), "a" + String(repeating: "-", count: 29) + "b"
    )
  }

  /// A digit right after a time's space would read as another time: a dash goes between.
  func testDigitAfterTimeProgressionKeepsItsMeaning() throws {
    let text = drawn([(0, .next("1")), (100, .next("2")), (101, .next("m")), (102, .next("s"))])
    XCTAssertEqual(text, "1 98ms -2ms")
    XCTAssertEqual(drawn([(0, .next("1")), (100, .next("2")), (100, .next("3"))]), "1 99ms (23)")
    XCTAssertEqual(try MarbleDiagram(cold: text).events.map(\.time), [ms(0), ms(100), ms(101), ms(102)])
  }

  /// Found by `make fuzz TARGET=marbles` (input `1 98ms- 2ms`): values that spell a time at
  /// the start or after a space were drawn as one: `198ms` read back as a pause of 198 ms,
  /// and a failed expect showed `actual: 198ms 101ms |`. A dash now closes such a word.
  func testValuesThatSpellATimeAreNotDrawnAsOne() throws {
    for (input, expected) in [
      ("1 98ms- 2ms", "198ms-"), ("1 98ms- 100ms |", "198ms- 100ms |"), ("5m- 1s a", "5m- 1s a"),
      ("5m- 0.5ms |", "5m- 0.5ms |"), ("-a 1.5s- 2s (bc)", "-a1.5s 2001ms (bc)"),
    ] {
      let diagram = try MarbleDiagram(cold: input)
      XCTAssertEqual(diagram.rendered(), expected, input)
      XCTAssertEqual(try MarbleDiagram(cold: diagram.rendered()).rendered(), expected, input)
    }
    let diagram = try MarbleDiagram(cold: "1 98ms- 100ms |")
    XCTAssertEqual(try MarbleDiagram(cold: diagram.rendered()) == diagram, true)
  }

  /// The inputs `make fuzz TARGET=marbles` saved, exactly (bytes that are not UTF-8 read as
  /// U+FFFD, as in the fuzz target): each drawing reads back and draws the same again.
  func testTheSavedFuzzInputsDrawDiagramsThatReadBack() throws {
    let inputs: [[UInt8]] = [
      Array("1 98ms- 2ms".utf8), Array("0\n m\n ".utf8),
      Array(" 99999999999m---".utf8) + [UInt8](repeating: 0xCD, count: 21) + [0x60]
        + [UInt8](repeating: 0xCD, count: 6),
    ]
    for input in inputs {
      let diagram = try MarbleDiagram(cold: String(decoding: input, as: UTF8.self))
      for maxDashes in [1, 20] {
        let drawn = diagram.rendered(maxDashes: maxDashes)
        XCTAssertEqual(try MarbleDiagram(cold: drawn).rendered(maxDashes: maxDashes), drawn, "\(input)")
      }
    }
  }

  func testHotAndSubscriptionDiagramsDrawTheirMarkers() throws {
    XCTAssertEqual(try MarbleDiagram(hot: "-a-^-b-(cd)|").rendered(), "-a-^-b-(cd)|")
    XCTAssertEqual(try MarbleDiagram(hot: "-(^a)").rendered(), "-(^a)")
    XCTAssertEqual(MarbleDiagram(subscription: ms(2), unsubscription: ms(5)).rendered(), "--^--!")
    XCTAssertEqual(MarbleDiagram(subscription: ms(0), unsubscription: ms(0)).rendered(), "(^!)")
    XCTAssertEqual(MarbleDiagram(subscription: ms(0), unsubscription: ms(1)).rendered(), "^!")
    XCTAssertEqual(MarbleDiagram(subscription: ms(0), unsubscription: ms(500)).rendered(), "^ 499ms !")
    XCTAssertEqual(MarbleDiagram(subscription: ms(3)).description, "---^")
  }

  /// parse(render(x)) == x for the examples of RxJS's documentation and a few more.
  func testRoundTrips() throws {
    let diagrams = [
      "--(abc)-|", "a 9ms b 9s c|", "-a-^-b-(cd)|", "100ms #", "100ms (a|)", "  -a - b  |", "^ 1.5s (a#)",
      "--a 250ms b 2m c 0.25ms #",
    ]
    for text in diagrams {
      let diagram = try MarbleDiagram(hot: text)
      XCTAssertEqual(
        try MarbleDiagram(hot: diagram.rendered()), diagram, "\"\(text)\" drawn as \"\(diagram)\"")
    }
    for text in ["-^-!-", "^ 100ms !", "(^!)", "--^", ""] {
      let diagram = try MarbleDiagram(subscription: text)
      XCTAssertEqual(try MarbleDiagram(subscription: diagram.rendered()), diagram, "\"\(text)\"")
    }
  }

  /// RxJS syntax cannot put an event less than a group's length after it: it is drawn
  /// right after the group.
  func testEventTooCloseAfterGroupIsDrawnAfterIt() {
    XCTAssertEqual(drawn([(0, .next("a")), (0, .next("b")), (1, .next("c"))]), "(ab)c")
  }
}
