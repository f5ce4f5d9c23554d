import Operators
import OperatorsTestSupport
import XCTest

final class FilterTests: LeakCheckingTestCase {
  func testFilterKeepsMatchingValuesAtTheirTimes() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([
      .next(150, 2), .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(300),
    ])
    let res = scheduler.start { xs.asObservable().filter { $0 % 2 == 0 } }
    XCTAssertEqual(res.events, [.next(220, 2), .next(240, 4), .completed(300)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
  }

  func testFilterThrowingEndsWithTheErrorAndUnsubscribes() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .next(230, 4), .completed(300)])
    let res = scheduler.start {
      xs.asObservable().filter { value in
        if value == 3 { throw TestError("predicate") }
        return true
      }
    }
    XCTAssertEqual(res.events, [.next(210, 2), .error(220, TestError("predicate"))])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
  }

  func testFilterPassesAnErrorEvenWhileDroppingValues() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError())])
    let res = scheduler.start { xs.asObservable().filter { _ in false } }
    XCTAssertEqual(res.events, [.error(220, TestError())])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
  }

  func testFilterDisposedEarlyStopsCallingThePredicate() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, 2), .next(400, 4), .completed(500)])
    var calls = 0
    let res = scheduler.start(disposed: 300) {
      xs.asObservable().filter { _ in
        calls += 1
        return true
      }
    }
    XCTAssertEqual(res.events, [.next(210, 2)])
    XCTAssertEqual(calls, 1)
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
  }
}
