import Operators
import OperatorsTestSupport
import XCTest

final class TakeTests: LeakCheckingTestCase {
  func testTakeCompletesWithTheLastTakenValue() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([
      .next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .completed(300),
    ])
    let res = scheduler.start { xs.asObservable().take(2) }
    XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(220)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
  }

  func testTakeMoreThanAvailableCompletesWithTheSource() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
    let res = scheduler.start { xs.asObservable().take(5) }
    XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(300)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
  }

  func testTakeZeroCompletesAtOnceWithoutSubscribing() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
    let res = scheduler.start { xs.asObservable().take(0) }
    XCTAssertEqual(res.events, [.completed(200)])
    XCTAssertEqual(xs.subscriptions, [])
  }

  func testTakePassesAnErrorBeforeTheCount() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError())])
    let res = scheduler.start { xs.asObservable().take(3) }
    XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError())])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
  }

  func testTakeDisposedEarly() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, 1), .next(400, 2), .completed(500)])
    let res = scheduler.start(disposed: 300) { xs.asObservable().take(3) }
    XCTAssertEqual(res.events, [.next(210, 1)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
  }

  func testTakeOneOfASynchronousSourceStopsIt() {
    let scheduler = TestScheduler()
    let res = scheduler.start { Observable.of(1, 2, 3).take(1) }
    XCTAssertEqual(res.events, [.next(200, 1), .completed(200)])
  }
}
