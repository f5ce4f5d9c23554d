import Operators
import OperatorsTestSupport
import XCTest

final class ScanTests: LeakCheckingTestCase {
  func testScanEmitsEveryIntermediateResult() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([
      .next(150, 9), .next(210, 1), .next(220, 2), .next(230, 3), .completed(300),
    ])
    let res = scheduler.start { xs.asObservable().scan(10, +) }
    XCTAssertEqual(res.events, [.next(210, 11), .next(220, 13), .next(230, 16), .completed(300)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
  }

  func testScanThrowingEndsWithTheErrorAndUnsubscribes() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
    let res = scheduler.start {
      xs.asObservable().scan(0) { sum, value in
        if value == 2 { throw TestError("accumulator") }
        return sum + value
      }
    }
    XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError("accumulator"))])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
  }

  func testScanPassesAnError() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError())])
    let res = scheduler.start { xs.asObservable().scan(0, +) }
    XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError())])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
  }

  func testEverySubscriptionStartsFromTheSeed() {
    let scheduler = TestScheduler()
    let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .error(30, TestError())])
    let res = scheduler.start { xs.asObservable().scan(0, +).retry(2) }
    XCTAssertEqual(
      res.events,
      [.next(210, 1), .next(220, 3), .next(240, 1), .next(250, 3), .error(260, TestError())])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 230), Subscription(230, 260)])
  }
}
