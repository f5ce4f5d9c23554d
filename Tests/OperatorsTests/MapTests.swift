import Operators
import OperatorsTestSupport
import XCTest

final class MapTests: LeakCheckingTestCase {
  func testMapTransformsValuesAndKeepsTimes() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([
      .next(150, 1), .next(210, 2), .next(240, 3), .completed(300),
    ])
    let res = scheduler.start { xs.asObservable().map { $0 * 10 } }
    XCTAssertEqual(res.events, [.next(210, 20), .next(240, 30), .completed(300)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
  }

  func testMapThrowingEndsWithError() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
    let res = scheduler.start {
      xs.asObservable().map { value -> Int in
        if value == 2 { throw TestError("boom") }
        return value
      }
    }
    XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError("boom"))])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
  }

  func testMapDisposedEarly() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, 1), .next(400, 2), .completed(500)])
    let res = scheduler.start(disposed: 300) { xs.asObservable().map { $0 + 1 } }
    XCTAssertEqual(res.events, [.next(210, 2)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
  }
}
