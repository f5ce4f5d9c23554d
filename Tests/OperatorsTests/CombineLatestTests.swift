import Operators
import OperatorsTestSupport
import XCTest

final class CombineLatestTests: LeakCheckingTestCase {
  func testCombinesTheLatestValuesOnceBothHaveOne() {
    let scheduler = TestScheduler()
    let o1 = scheduler.createHotObservable([.next(215, 2), .next(225, 4), .completed(230)])
    let o2 = scheduler.createHotObservable([
      .next(220, 3), .next(230, 5), .next(235, 6), .next(240, 7), .completed(250),
    ])
    let res = scheduler.start { o1.asObservable().combineLatest(o2.asObservable(), +) }
    XCTAssertEqual(
      res.events,
      [
        .next(220, 5), .next(225, 7), .next(230, 9), .next(235, 10), .next(240, 11),
        .completed(250),
      ])
    XCTAssertEqual(o1.subscriptions, [Subscription(200, 230)])
    XCTAssertEqual(o2.subscriptions, [Subscription(200, 250)])
  }

  func testNeverCompletesWhileTheOtherSourceIsAlive() {
    let scheduler = TestScheduler()
    let never = scheduler.createHotObservable([.next(150, 1)])
    let empty = scheduler.createHotObservable([.next(150, 1), .completed(210)])
    let res = scheduler.start { never.asObservable().combineLatest(empty.asObservable(), +) }
    XCTAssertEqual(res.events, [])
    XCTAssertEqual(never.subscriptions, [Subscription(200, 1000)])
    XCTAssertEqual(empty.subscriptions, [Subscription(200, 210)])
  }

  func testValueThatCanNeverBeCombinedCompletesTheStream() {
    let scheduler = TestScheduler()
    let empty = scheduler.createHotObservable([.next(150, 1), .completed(210)])
    let other = scheduler.createHotObservable([.next(215, 2), .completed(220)])
    let res = scheduler.start { empty.asObservable().combineLatest(other.asObservable(), +) }
    XCTAssertEqual(res.events, [.completed(215)])
    XCTAssertEqual(empty.subscriptions, [Subscription(200, 210)])
    XCTAssertEqual(other.subscriptions, [Subscription(200, 215)])
  }

  func testErrorDisposesBothSources() {
    let scheduler = TestScheduler()
    let o1 = scheduler.createHotObservable([.next(210, 1), .completed(300)])
    let o2 = scheduler.createHotObservable([.next(220, 2), .error(230, TestError("o2"))])
    let res = scheduler.start { o1.asObservable().combineLatest(o2.asObservable(), +) }
    XCTAssertEqual(res.events, [.next(220, 3), .error(230, TestError("o2"))])
    XCTAssertEqual(o1.subscriptions, [Subscription(200, 230)])
    XCTAssertEqual(o2.subscriptions, [Subscription(200, 230)])
  }

  func testSelectorErrorEndsTheStream() {
    let scheduler = TestScheduler()
    let o1 = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
    let o2 = scheduler.createHotObservable([.next(220, 10), .completed(300)])
    let res = scheduler.start {
      o1.asObservable().combineLatest(o2.asObservable()) { a, b -> Int in
        if a == 2 { throw TestError("selector") }
        return a + b
      }
    }
    XCTAssertEqual(res.events, [.next(220, 11), .error(230, TestError("selector"))])
    XCTAssertEqual(o1.subscriptions, [Subscription(200, 230)])
  }

  func testDisposingEndsBothSources() {
    let scheduler = TestScheduler()
    let o1 = scheduler.createColdObservable([.next(10, 1), .next(100, 2)])
    let o2 = scheduler.createColdObservable([.next(20, 10)])
    let res = scheduler.start(disposed: 250) { o1.asObservable().combineLatest(o2.asObservable(), +) }
    XCTAssertEqual(res.events, [.next(220, 11)])
    XCTAssertEqual(o1.subscriptions, [Subscription(200, 250)])
    XCTAssertEqual(o2.subscriptions, [Subscription(200, 250)])
  }
}
