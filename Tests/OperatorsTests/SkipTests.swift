import Operators
import OperatorsTestSupport
import XCTest

final class SkipTests: LeakCheckingTestCase {
  private func source(_ scheduler: TestScheduler) -> TestableObservable<Int> {
    scheduler.createHotObservable([
      .next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .completed(300),
    ])
  }

  func testSkipDropsTheFirstValues() {
    let scheduler = TestScheduler()
    let xs = source(scheduler)
    let res = scheduler.start { xs.asObservable().skip(2) }
    XCTAssertEqual(res.events, [.next(230, 3), .completed(300)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
  }

  func testSkipZeroPassesEverything() {
    let scheduler = TestScheduler()
    let xs = source(scheduler)
    let res = scheduler.start { xs.asObservable().skip(0) }
    XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
  }

  func testSkipMoreThanAvailableOnlyCompletes() {
    let scheduler = TestScheduler()
    let xs = source(scheduler)
    let res = scheduler.start { xs.asObservable().skip(10) }
    XCTAssertEqual(res.events, [.completed(300)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
  }

  func testSkipPassesAnErrorWhileSkipping() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError())])
    let res = scheduler.start { xs.asObservable().skip(3) }
    XCTAssertEqual(res.events, [.error(220, TestError())])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
  }

  func testSkipDisposedEarly() {
    let scheduler = TestScheduler()
    let xs = source(scheduler)
    let res = scheduler.start(disposed: 225) { xs.asObservable().skip(1) }
    XCTAssertEqual(res.events, [.next(220, 2)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 225)])
  }
}
