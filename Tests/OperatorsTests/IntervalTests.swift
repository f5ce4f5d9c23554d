import Operators
import OperatorsTestSupport
import XCTest

final class IntervalTests: LeakCheckingTestCase {
  func testIntervalTicksEveryPeriodFirstAfterOnePeriod() {
    let scheduler = TestScheduler()
    let res = scheduler.start { Observable<Int>.interval(ms(100), scheduler: scheduler) }
    XCTAssertEqual(res.events, (0...6).map { .next(300 + 100 * $0, $0) })
    XCTAssertTrue(scheduler.clock.isIdle)
  }

  func testIntervalWithTake() {
    let scheduler = TestScheduler()
    let res = scheduler.start { Observable<Int>.interval(ms(100), scheduler: scheduler).take(3) }
    XCTAssertEqual(res.events, [.next(300, 0), .next(400, 1), .next(500, 2), .completed(500)])
  }

  func testEachSubscriptionHasItsOwnCounter() {
    let scheduler = TestScheduler()
    let ticks = Observable<Int>.interval(ms(10), scheduler: scheduler).take(2)
    var seen: [String] = []
    _ = ticks.subscribe(onNext: { seen.append("a\($0)") })
    scheduler.scheduleAt(5) { _ = ticks.subscribe(onNext: { seen.append("b\($0)") }) }
    scheduler.start()
    XCTAssertEqual(seen, ["a0", "b0", "a1", "b1"])
  }
}
