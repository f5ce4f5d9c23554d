import Operators
import XCTest

@testable import PipeRendering

final class TimeTicksTests: XCTestCase {
  func testTheStepKeepsLabelsApart() {
    XCTAssertEqual(TimeTicks.step(for: .seconds(19), columns: 60), .seconds(5))
    XCTAssertEqual(TimeTicks.step(for: .milliseconds(4), columns: 40), .milliseconds(1))
    XCTAssertEqual(TimeTicks.step(for: .seconds(3600), columns: 50), .seconds(15 * 60))
    XCTAssertEqual(TimeTicks.step(for: .seconds(86400 * 30), columns: 10), .seconds(86400 * 27))
  }

  func testTicksRunFromZeroThroughTheEnd() {
    XCTAssertEqual(
      TimeTicks.ticks(through: .seconds(19), step: .seconds(5)), [0, 5, 10, 15].map { Time.seconds($0) })
    XCTAssertEqual(TimeTicks.ticks(through: .zero, step: .milliseconds(1)), [.zero])
  }

  func testLabelsAreInTheStepsUnit() {
    XCTAssertEqual(TimeTicks.label(.zero, step: .milliseconds(250)), "0ms")
    XCTAssertEqual(TimeTicks.label(.milliseconds(750), step: .milliseconds(250)), "750ms")
    XCTAssertEqual(TimeTicks.label(.milliseconds(1250), step: .milliseconds(250)), "1.25s")
    XCTAssertEqual(TimeTicks.label(.seconds(15), step: .seconds(5)), "15s")
    XCTAssertEqual(TimeTicks.label(.seconds(90), step: .seconds(30)), "1m30s")
    XCTAssertEqual(TimeTicks.label(.seconds(120), step: .seconds(30)), "2m")
    XCTAssertEqual(TimeTicks.label(.zero, step: .seconds(600)), "0m")
    XCTAssertEqual(TimeTicks.label(.seconds(5400), step: .seconds(900)), "1h30m")
    XCTAssertEqual(TimeTicks.label(.seconds(7200), step: .seconds(3600)), "2h")
  }
}
