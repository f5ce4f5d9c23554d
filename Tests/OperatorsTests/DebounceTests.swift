import Operators
import OperatorsTestSupport
import XCTest

final class DebounceTests: LeakCheckingTestCase {
  func testEmitsAValueOnlyAfterAQuietDueTime() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([
      .next(150, 0), .next(210, 1), .next(240, 2), .next(300, 3), .next(400, 4), .next(420, 5),
      .completed(440),
    ])
    let res = scheduler.start { xs.asObservable().debounce(ms(50), scheduler: scheduler) }
    XCTAssertEqual(res.events, [.next(290, 2), .next(350, 3), .next(440, 5), .completed(440)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 440)])
  }

  func testCompletionCancelsThePendingTimer() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
    var nextDueAfterCompletion: Time?
    scheduler.scheduleAt(221) { nextDueAfterCompletion = scheduler.clock.nextDueTime }
    let res = scheduler.start { xs.asObservable().debounce(ms(50), scheduler: scheduler) }
    XCTAssertEqual(res.events, [.next(220, 1), .completed(220)])
    XCTAssertEqual(nextDueAfterCompletion, ms(1000), "only the final dispose should be pending")
  }

  func testCompletionWithNothingWaiting() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
    let res = scheduler.start { xs.asObservable().debounce(ms(50), scheduler: scheduler) }
    XCTAssertEqual(res.events, [.next(260, 1), .completed(300)])
  }

  func testErrorDropsTheWaitingValue() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .error(260, TestError())])
    let res = scheduler.start { xs.asObservable().debounce(ms(50), scheduler: scheduler) }
    XCTAssertEqual(res.events, [.error(260, TestError())])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 260)])
    XCTAssertTrue(scheduler.clock.isIdle)
  }

  func testDisposingCancelsTheTimer() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(500)])
    let res = scheduler.start(disposed: 270) { xs.asObservable().debounce(ms(50), scheduler: scheduler) }
    XCTAssertEqual(res.events, [])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 270)])
    XCTAssertTrue(scheduler.clock.isIdle)
  }

  func testNeverEndingSourceEmitsItsLastValue() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
    let res = scheduler.start { xs.asObservable().debounce(ms(100), scheduler: scheduler) }
    XCTAssertEqual(res.events, [.next(320, 2)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
  }
}
