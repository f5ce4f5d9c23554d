import Operators
import XCTest

/// Time arithmetic saturates at about ±292 years instead of trapping: whatever number
/// reaches the engine (a horizon of 1e10 s, a timeout times a back-off factor), the worst
/// it can mean is "forever".
final class TimeArithmeticTests: XCTestCase {
  func testHugeSecondsSaturate() {
    XCTAssertEqual(Time.seconds(1e10), .max)
    XCTAssertEqual(Time.seconds(-1e300), .min)
    XCTAssertEqual(Time.seconds(.infinity), .max)
    XCTAssertEqual(Time.seconds(Double.nan), .zero)
    XCTAssertEqual(Time.seconds(Int.max), .max)
    XCTAssertEqual(Time.seconds(Int.min), .min)
    XCTAssertEqual(Time.milliseconds(.max), .max)
    XCTAssertEqual(Time.milliseconds(-9_300_000_000_000), .min)
    XCTAssertEqual(Time.seconds(1.5), .milliseconds(1_500), "ordinary values are exact")
  }

  func testSumsAndDifferencesSaturate() {
    XCTAssertEqual(Time.max + .seconds(1), .max)
    XCTAssertEqual(Time.seconds(1) + .max, .max)
    XCTAssertEqual(Time.min + .seconds(-1), .min)
    XCTAssertEqual(Time.min - .seconds(1), .min)
    XCTAssertEqual(Time.max - .seconds(-1), .max)
    XCTAssertEqual(Time.seconds(3) - .seconds(5), .seconds(-2))
  }

  func testProductsSaturate() {
    XCTAssertEqual(Time.seconds(1) * 1e300, .max)
    XCTAssertEqual(Time.seconds(1) * -1e300, .min)
    XCTAssertEqual(Time.seconds(-1) * Int64.max, .min)
    XCTAssertEqual(Time.seconds(1) * Int64.max, .max)
    XCTAssertEqual(Time.seconds(1) * Double.nan, .zero)
    XCTAssertEqual(Time.seconds(2) * Int64(3), .seconds(6))
  }

  func testAVirtualClockTakesAnItemAtTheEndOfTime() {
    let clock = VirtualTimeScheduler(start: .seconds(5))
    var ran = false
    _ = clock.schedule(after: .max) { ran = true }
    clock.run(until: .seconds(10))
    XCTAssertFalse(ran)
    XCTAssertEqual(clock.nextDueTime, .max)
  }
}
