import Operators
import OperatorsTestSupport
import XCTest

final class FlatMapLatestTests: LeakCheckingTestCase {
  func testEachValueDisposesThePreviousInner() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, 1), .next(250, 2), .completed(300)])
    let inners = [
      1: scheduler.createColdObservable([.next(10, 11), .next(50, 12), .completed(100)]),
      2: scheduler.createColdObservable([.next(10, 21), .next(20, 22), .completed(30)]),
    ]
    let res = scheduler.start { xs.asObservable().flatMapLatest { inners[$0]!.asObservable() } }
    XCTAssertEqual(res.events, [.next(220, 11), .next(260, 21), .next(270, 22), .completed(300)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    XCTAssertEqual(inners[1]!.subscriptions, [Subscription(210, 250)])
    XCTAssertEqual(inners[2]!.subscriptions, [Subscription(250, 280)])
  }

  func testCompletesWithTheLatestInnerAfterTheSourceCompleted() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
    let ys = scheduler.createColdObservable([.next(50, 5), .completed(100)])
    let res = scheduler.start { xs.asObservable().flatMapLatest { _ in ys.asObservable() } }
    XCTAssertEqual(res.events, [.next(260, 5), .completed(310)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    XCTAssertEqual(ys.subscriptions, [Subscription(210, 310)])
  }

  func testErrorOfTheLatestInnerEndsTheStream() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, 1), .completed(400)])
    let ys = scheduler.createColdObservable([.next(10, 5), .error(20, TestError("inner"))])
    let res = scheduler.start { xs.asObservable().flatMapLatest { _ in ys.asObservable() } }
    XCTAssertEqual(res.events, [.next(220, 5), .error(230, TestError("inner"))])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    XCTAssertEqual(ys.subscriptions, [Subscription(210, 230)])
  }

  func testSourceErrorDisposesTheInner() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, 1), .error(240, TestError("outer"))])
    let ys = scheduler.createColdObservable([.next(10, 5), .completed(100)])
    let res = scheduler.start { xs.asObservable().flatMapLatest { _ in ys.asObservable() } }
    XCTAssertEqual(res.events, [.next(220, 5), .error(240, TestError("outer"))])
    XCTAssertEqual(ys.subscriptions, [Subscription(210, 240)])
  }

  func testSelectorErrorEndsTheStreamAndDisposesTheInner() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
    let ys = scheduler.createColdObservable([.next(10, 5), .completed(100)])
    let res = scheduler.start {
      xs.asObservable().flatMapLatest { value -> Observable<Int> in
        if value == 2 { throw TestError("selector") }
        return ys.asObservable()
      }
    }
    XCTAssertEqual(res.events, [.next(220, 5), .error(230, TestError("selector"))])
    XCTAssertEqual(ys.subscriptions, [Subscription(210, 230)])
  }

  func testDisposingEndsSourceAndInner() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, 1), .completed(600)])
    let ys = scheduler.createColdObservable([.next(10, 5), .completed(500)])
    let res = scheduler.start(disposed: 250) { xs.asObservable().flatMapLatest { _ in ys.asObservable() } }
    XCTAssertEqual(res.events, [.next(220, 5)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    XCTAssertEqual(ys.subscriptions, [Subscription(210, 250)])
  }
}
