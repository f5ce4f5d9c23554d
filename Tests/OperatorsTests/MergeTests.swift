import Operators
import OperatorsTestSupport
import XCTest

final class MergeTests: LeakCheckingTestCase {
  func testPassesValuesAsTheyComeAndCompletesWithTheLastSource() {
    let scheduler = TestScheduler()
    let a = scheduler.createHotObservable([.next(210, 1), .next(240, 4), .completed(250)])
    let b = scheduler.createHotObservable([.next(220, 2), .completed(300)])
    let c = scheduler.createColdObservable([.next(30, 3), .completed(40)])
    let res = scheduler.start {
      Observable.merge([a.asObservable(), b.asObservable(), c.asObservable()])
    }
    XCTAssertEqual(
      res.events, [.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(300)])
    XCTAssertEqual(a.subscriptions, [Subscription(200, 250)])
    XCTAssertEqual(b.subscriptions, [Subscription(200, 300)])
    XCTAssertEqual(c.subscriptions, [Subscription(200, 240)])
  }

  func testErrorDisposesTheOtherSources() {
    let scheduler = TestScheduler()
    let a = scheduler.createHotObservable([.next(210, 1), .error(230, TestError("a"))])
    let b = scheduler.createHotObservable([.next(220, 2), .next(240, 3), .completed(300)])
    let res = scheduler.start { a.asObservable().merge(with: b.asObservable()) }
    XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .error(230, TestError("a"))])
    XCTAssertEqual(a.subscriptions, [Subscription(200, 230)])
    XCTAssertEqual(b.subscriptions, [Subscription(200, 230)])
  }

  func testMergeOfNothingCompletesAtOnce() {
    let scheduler = TestScheduler()
    let res = scheduler.start { Observable<Int>.merge([]) }
    XCTAssertEqual(res.events, [.completed(200)])
  }

  func testSynchronousSourcesCompleteOnlyAfterAllWereSubscribed() {
    var events: [Event<Int>] = []
    let merged = Observable.merge([.just(1), .just(2), .just(3)])
    _ = merged.subscribe(Observer { events.append($0) })
    XCTAssertEqual(events, [.next(1), .next(2), .next(3), .completed])
  }

  func testDisposingEndsEverySource() {
    let scheduler = TestScheduler()
    let a = scheduler.createHotObservable([.next(210, 1), .completed(500)])
    let b = scheduler.createHotObservable([.next(300, 2), .completed(500)])
    let res = scheduler.start(disposed: 250) { a.asObservable().merge(with: b.asObservable()) }
    XCTAssertEqual(res.events, [.next(210, 1)])
    XCTAssertEqual(a.subscriptions, [Subscription(200, 250)])
    XCTAssertEqual(b.subscriptions, [Subscription(200, 250)])
  }
}
