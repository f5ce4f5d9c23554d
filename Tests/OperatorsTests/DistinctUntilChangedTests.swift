import Operators
import OperatorsTestSupport
import XCTest

final class DistinctUntilChangedTests: LeakCheckingTestCase {
  func testDropsConsecutiveDuplicatesOnly() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([
      .next(150, 1), .next(210, 2), .next(215, 2), .next(220, 3), .next(230, 2), .next(240, 2),
      .completed(300),
    ])
    let res = scheduler.start { xs.asObservable().distinctUntilChanged() }
    XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3), .next(230, 2), .completed(300)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
  }

  func testCustomComparerComparesWithTheLastPassedValue() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([
      .next(210, 1), .next(220, 3), .next(230, 2), .next(240, 4), .next(250, 5), .completed(300),
    ])
    let res = scheduler.start {
      xs.asObservable().distinctUntilChanged { $0 % 2 == $1 % 2 }
    }
    XCTAssertEqual(res.events, [.next(210, 1), .next(230, 2), .next(250, 5), .completed(300)])
  }

  func testThrowingComparerEndsWithTheError() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
    let res = scheduler.start {
      xs.asObservable().distinctUntilChanged { _, _ -> Bool in throw TestError("compare") }
    }
    XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError("compare"))])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
  }

  func testPassesAnError() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError())])
    let res = scheduler.start { xs.asObservable().distinctUntilChanged() }
    XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError())])
  }

  func testDisposedEarly() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, 1), .next(400, 2), .completed(500)])
    let res = scheduler.start(disposed: 300) { xs.asObservable().distinctUntilChanged() }
    XCTAssertEqual(res.events, [.next(210, 1)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
  }
}
