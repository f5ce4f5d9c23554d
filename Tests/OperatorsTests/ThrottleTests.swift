import Operators
import OperatorsTestSupport
import XCTest

/// Transcribed from RxSwift's ThrottleTests, plus the error-while-waiting and disposal cases.
final class ThrottleTests: LeakCheckingTestCase {
  private func source(_ scheduler: TestScheduler, end: Recorded<Int>?) -> TestableObservable<Int> {
    let values: [Recorded<Int>] = [
      .next(150, 1), .next(210, 2), .next(250, 3), .next(310, 4), .next(350, 5), .next(410, 6),
      .next(450, 7),
    ]
    return scheduler.createHotObservable(values + (end.map { [$0] } ?? []))
  }

  func testLatestEmitsTheKeptValueWhenTheWindowCloses() {
    let scheduler = TestScheduler()
    let xs = source(scheduler, end: .completed(500))
    let res = scheduler.start { xs.asObservable().throttle(ms(200), scheduler: scheduler) }
    XCTAssertEqual(res.events, [.next(210, 2), .next(410, 6), .next(610, 7), .completed(610)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 500)])
  }

  func testLatestCompletedAfterTheWindow() {
    let scheduler = TestScheduler()
    let xs = source(scheduler, end: .completed(900))
    let res = scheduler.start { xs.asObservable().throttle(ms(200), scheduler: scheduler) }
    XCTAssertEqual(res.events, [.next(210, 2), .next(410, 6), .next(610, 7), .completed(900)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 900)])
  }

  func testLatestNoEnd() {
    let scheduler = TestScheduler()
    let xs = source(scheduler, end: nil)
    let res = scheduler.start { xs.asObservable().throttle(ms(200), scheduler: scheduler) }
    XCTAssertEqual(res.events, [.next(210, 2), .next(410, 6), .next(610, 7)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
  }

  func testLatestEmptyAndNever() {
    let scheduler = TestScheduler()
    let empty = scheduler.createHotObservable([.next(150, 0), .completed(500)])
    let never = scheduler.createHotObservable([Recorded.next(150, 0)])
    let emptyRes = scheduler.start { empty.asObservable().throttle(ms(200), scheduler: scheduler) }
    XCTAssertEqual(emptyRes.events, [.completed(500)])
    let neverRes = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
      never.asObservable().throttle(ms(200), scheduler: scheduler)
    }
    XCTAssertEqual(neverRes.events, [])
    XCTAssertEqual(never.subscriptions, [Subscription(1200, 2000)])
  }

  func testErrorIsPassedAtOnceAndDropsTheKeptValue() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([
      .next(150, 1), .next(210, 2), .next(250, 3), .next(310, 4), .next(350, 5),
      .error(410, TestError()), .next(450, 7), .completed(500),
    ])
    let res = scheduler.start { xs.asObservable().throttle(ms(200), scheduler: scheduler) }
    XCTAssertEqual(res.events, [.next(210, 2), .error(410, TestError())])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 410)])
  }

  func testErrorBeforeTheWindowClosesCancelsTheTimer() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, 1), .next(250, 2), .error(300, TestError())])
    let res = scheduler.start { xs.asObservable().throttle(ms(200), scheduler: scheduler) }
    XCTAssertEqual(res.events, [.next(210, 1), .error(300, TestError())])
    XCTAssertTrue(scheduler.clock.isIdle)
  }

  func testNotLatestDropsValuesInsideTheWindow() {
    let scheduler = TestScheduler()
    let xs = source(scheduler, end: .completed(500))
    let res = scheduler.start {
      xs.asObservable().throttle(ms(200), latest: false, scheduler: scheduler)
    }
    XCTAssertEqual(res.events, [.next(210, 2), .next(410, 6), .completed(500)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 500)])
  }

  func testNotLatestNoEndAndError() {
    let scheduler = TestScheduler()
    let xs = source(scheduler, end: nil)
    let res = scheduler.start {
      xs.asObservable().throttle(ms(200), latest: false, scheduler: scheduler)
    }
    XCTAssertEqual(res.events, [.next(210, 2), .next(410, 6)])
    let ys = scheduler.createHotObservable([.next(1210, 2), .next(1250, 3), .error(1300, TestError())])
    let failed = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
      ys.asObservable().throttle(ms(200), latest: false, scheduler: scheduler)
    }
    XCTAssertEqual(failed.events, [.next(1210, 2), .error(1300, TestError())])
  }

  func testDisposingCancelsTheTimer() {
    let scheduler = TestScheduler()
    let xs = source(scheduler, end: .completed(500))
    let res = scheduler.start(disposed: 300) { xs.asObservable().throttle(ms(200), scheduler: scheduler) }
    XCTAssertEqual(res.events, [.next(210, 2)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    XCTAssertTrue(scheduler.clock.isIdle)
  }
}
