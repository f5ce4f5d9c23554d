import Operators
import OperatorsTestSupport
import XCTest

final class CombineLatestCollectionTests: LeakCheckingTestCase {
  func testCombiningNothingCompletesAtOnce() {
    let scheduler = TestScheduler()
    let res = scheduler.start { Observable<Int>.combineLatest([]) }
    XCTAssertEqual(res.events, [.completed(200)])
  }

  func testGathersTheLatestOfEverySource() {
    let scheduler = TestScheduler()
    let e0 = scheduler.createHotObservable([.next(210, 1), .next(240, 4), .completed(270)])
    let e1 = scheduler.createHotObservable([.next(220, 2), .next(250, 5), .completed(280)])
    let e2 = scheduler.createHotObservable([.next(230, 3), .next(260, 6), .completed(290)])
    let res = scheduler.start { Observable.combineLatest([e0, e1, e2].map { $0.asObservable() }) }
    XCTAssertEqual(
      res.events,
      [
        .next(230, [1, 2, 3]), .next(240, [4, 2, 3]), .next(250, [4, 5, 3]),
        .next(260, [4, 5, 6]), .completed(290),
      ])
    XCTAssertEqual(e0.subscriptions, [Subscription(200, 270)])
    XCTAssertEqual(e1.subscriptions, [Subscription(200, 280)])
    XCTAssertEqual(e2.subscriptions, [Subscription(200, 290)])
  }

  func testEmptySourcesCompleteWithTheLast() {
    let scheduler = TestScheduler()
    let e0 = scheduler.createHotObservable([Recorded<Int>.completed(210)])
    let e1 = scheduler.createHotObservable([Recorded<Int>.completed(220)])
    let e2 = scheduler.createHotObservable([Recorded<Int>.completed(230)])
    let res = scheduler.start { Observable.combineLatest([e0, e1, e2].map { $0.asObservable() }) }
    XCTAssertEqual(res.events, [.completed(230)])
    XCTAssertEqual(e0.subscriptions, [Subscription(200, 210)])
    XCTAssertEqual(e2.subscriptions, [Subscription(200, 230)])
  }

  func testValueThatCanNeverBeCombinedCompletesTheStream() {
    let scheduler = TestScheduler()
    let e0 = scheduler.createHotObservable([Recorded<Int>.completed(210)])
    let e1 = scheduler.createHotObservable([.next(220, 2), .completed(300)])
    let res = scheduler.start { Observable.combineLatest([e0.asObservable(), e1.asObservable()]) }
    XCTAssertEqual(res.events, [.completed(220)])
    XCTAssertEqual(e1.subscriptions, [Subscription(200, 220)])
  }

  func testErrorDisposesEverySource() {
    let scheduler = TestScheduler()
    let e0 = scheduler.createHotObservable([.next(210, 1), .completed(400)])
    let e1 = scheduler.createHotObservable([.next(220, 2), .error(230, TestError("e1"))])
    let res = scheduler.start { Observable.combineLatest([e0.asObservable(), e1.asObservable()]) }
    XCTAssertEqual(res.events, [.next(220, [1, 2]), .error(230, TestError("e1"))])
    XCTAssertEqual(e0.subscriptions, [Subscription(200, 230)])
    XCTAssertEqual(e1.subscriptions, [Subscription(200, 230)])
  }

  func testDisposingEndsEverySource() {
    let scheduler = TestScheduler()
    let e0 = scheduler.createHotObservable([.next(210, 1), .next(400, 3)])
    let e1 = scheduler.createHotObservable([.next(220, 2), .completed(250)])
    let res = scheduler.start(disposed: 300) {
      Observable.combineLatest([e0, e1].map { $0.asObservable() })
    }
    XCTAssertEqual(res.events, [.next(220, [1, 2])])
    XCTAssertEqual(e0.subscriptions, [Subscription(200, 300)])
    XCTAssertEqual(e1.subscriptions, [Subscription(200, 250)])
  }
}
