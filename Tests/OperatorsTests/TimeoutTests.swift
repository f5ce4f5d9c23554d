import Operators
import OperatorsTestSupport
import XCTest

final class TimeoutTests: LeakCheckingTestCase {
  func testTimeoutRestartsWithEveryElement() {
    let scheduler = TestScheduler()
    let xs = scheduler.createColdObservable([
      .next(10, 42), .next(20, 43), .next(50, 44), .next(60, 45), .completed(70),
    ])
    let res = scheduler.start { xs.asObservable().timeout(ms(30), scheduler: scheduler) }
    // 20 → 50 is exactly the due time: the element, scheduled first, wins.
    XCTAssertEqual(
      res.events, [.next(210, 42), .next(220, 43), .next(250, 44), .next(260, 45), .completed(270)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 270)])
  }

  func testTimeoutFailsWhenAGapIsTooLong() {
    let scheduler = TestScheduler()
    let xs = scheduler.createColdObservable([
      .next(10, 42), .next(20, 43), .next(50, 44), .completed(70),
    ])
    let res = scheduler.start { xs.asObservable().timeout(ms(25), scheduler: scheduler) }
    XCTAssertEqual(res.events, [.next(210, 42), .next(220, 43), .error(245, TimeoutError())])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 245)])
    XCTAssertEqual(String(describing: TimeoutError()), "timeout")
  }

  func testTimeoutCountsFromTheSubscription() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(150, 0)])
    let res = scheduler.start { xs.asObservable().timeout(ms(100), scheduler: scheduler) }
    XCTAssertEqual(res.events, [.error(300, TimeoutError())])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
  }

  func testTimeoutPassesStopEventsInTime() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(150, 0), .error(300, TestError())])
    let res = scheduler.start { xs.asObservable().timeout(ms(200), scheduler: scheduler) }
    XCTAssertEqual(res.events, [.error(300, TestError())])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
  }

  func testTimeoutSwitchesToOther() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([
      .next(70, 1), .next(130, 2), .next(240, 3), .next(310, 4), .next(430, 5), .completed(500),
    ])
    let ys = scheduler.createColdObservable([
      .next(50, -1), .next(200, -2), .next(310, -3), .completed(320),
    ])
    let res = scheduler.start {
      xs.asObservable().timeout(ms(100), other: ys.asObservable(), scheduler: scheduler)
    }
    XCTAssertEqual(
      res.events,
      [.next(240, 3), .next(310, 4), .next(460, -1), .next(610, -2), .next(720, -3), .completed(730)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 410)])
    XCTAssertEqual(ys.subscriptions, [Subscription(410, 730)])
  }

  func testTimeoutDisposedCancelsTheTimer() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(205, 1), .next(240, 2), .next(270, 3)])
    let res = scheduler.start(disposed: 260) { xs.asObservable().timeout(ms(40), scheduler: scheduler) }
    XCTAssertEqual(res.events, [.next(205, 1), .next(240, 2)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 260)])
  }
}
