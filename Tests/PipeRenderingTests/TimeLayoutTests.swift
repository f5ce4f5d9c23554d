import Operators
import XCTest

@testable import PipeRendering

final class TimeLayoutTests: XCTestCase {
  private func marks(_ times: [Int], _ kind: Mark.Kind = .completed) -> [Mark] {
    times.map { Mark(.seconds($0), kind) }
  }

  private func layout(_ lanes: [[Mark]], duration: Int, width: Int) -> TimeLayout {
    TimeLayout(lanes: lanes, duration: .seconds(duration), width: width) { $0.width(.unicode) }
  }

  func testTimeIsLinearWhereThereIsRoom() {
    let layout = layout([marks([0, 5, 10])], duration: 10, width: 11)
    XCTAssertEqual(layout.slots.map(\.x), [0, 5, 10])
    XCTAssertEqual(layout.column(of: .seconds(2)), 2)
    XCTAssertEqual(layout.width, 11)
  }

  func testInstantsOnOneColumnShareASlot() {
    let lane = [Mark(.zero, .subscribed), Mark(.milliseconds(1), .error("boom"))]
    let layout = layout([lane], duration: 10, width: 11)
    XCTAssertEqual(layout.slots.count, 1)
    XCTAssertEqual(layout.tokens[0][0], [.subscribed, .events([.error("boom")])])
  }

  func testAWideSlotPushesTheNextOneRightOnEveryLane() {
    let group = [Mark(.zero, .value(1)), Mark(.zero, .value(2)), Mark(.zero, .completed)]
    let layout = layout([group, marks([1])], duration: 10, width: 11)
    XCTAssertEqual(layout.tokens[0][0], [.events([.value(1), .value(2), .completed])])
    XCTAssertEqual(layout.slots.map(\.x), [0, 5])
  }

  func testNeighbouringValuesAreKeptApart() {
    let lane = [Mark(.zero, .value(1)), Mark(.seconds(1), .value(2))]
    let layout = layout([lane], duration: 10, width: 11)
    XCTAssertEqual(layout.slots.map(\.x), [0, 2])
  }

  func testTheLinearPartShrinksUntilEverythingFits() {
    let groups = (0..<10).map { second in
      [Mark(.seconds(second), .value(10)), Mark(.seconds(second), .value(20))]
    }
    let layout = layout([groups.flatMap { $0 }], duration: 9, width: 40)
    XCTAssertLessThanOrEqual(layout.width, 40)
    XCTAssertLessThan(layout.span, 39)
  }

  func testAZeroLengthRunIsOneSlot() {
    let lane = [Mark(.zero, .subscribed), Mark(.zero, .value(1)), Mark(.zero, .completed)]
    let layout = TimeLayout(lanes: [lane], duration: .zero, width: 30) { $0.width(.unicode) }
    XCTAssertEqual(layout.slots.count, 1)
    XCTAssertEqual(layout.tokens[0][0], [.subscribed, .events([.value(1), .completed])])
    XCTAssertEqual(layout.column(of: .zero), 0)
  }

  func testValuesAtSeveralInstantsOfOneColumnAreDrawnAsMany() {
    let lane =
      (0..<5).map { Mark(.milliseconds(Int64($0)), .value(.int($0))) } + [Mark(.milliseconds(5), .completed)]
    let layout = TimeLayout(lanes: [lane], duration: .seconds(10), width: 20) { $0.width(.unicode) }
    XCTAssertEqual(layout.tokens[0][0], [Token.many(5), .events([.completed])])
    XCTAssertTrue(layout.drawsMany)
  }

  func testALongSameInstantGroupIsShortened() {
    let lane = (0..<10).map { Mark(.zero, .value(.int($0))) } + [Mark(.zero, .completed)]
    let tokens = Token.tokens(for: lane[...])
    XCTAssertEqual(tokens, [.events([.value(0), .value(1), .value(2), nil, .value(9), .completed])])
  }
}
