import Operators
import OperatorsTestSupport
import XCTest

final class StartWithTests: LeakCheckingTestCase {
  func testPrefixComesAtSubscriptionThenTheSource() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(150, 1), .next(220, 2), .completed(300)])
    let res = scheduler.start { xs.asObservable().startWith(8, 9) }
    XCTAssertEqual(res.events, [.next(200, 8), .next(200, 9), .next(220, 2), .completed(300)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
  }

  func testChainedStartWithPutsTheOuterPrefixFirst() {
    let scheduler = TestScheduler()
    let res = scheduler.start { Observable.of(3).startWith(2).startWith(1) }
    XCTAssertEqual(res.events, [.next(200, 1), .next(200, 2), .next(200, 3), .completed(200)])
  }

  func testSourceErrorFollowsThePrefix() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([Recorded<Int>.error(250, TestError())])
    let res = scheduler.start { xs.asObservable().startWith(0) }
    XCTAssertEqual(res.events, [.next(200, 0), .error(250, TestError())])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
  }

  /// As RxSwift (issue 17.4): the source is still subscribed after the prefix ended the
  /// subscription, and disposed at once (RxTest records `Subscription(200, 200)`).
  func testSourceIsSubscribedEvenWhenThePrefixEndsTheSubscription() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(220, 2), .completed(300)])
    let res = scheduler.start { xs.asObservable().startWith(0, 1).take(1) }
    XCTAssertEqual(res.events, [.next(200, 0), .completed(200)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 200)])
  }

  func testDisposingEndsTheSource() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(220, 2), .next(400, 3), .completed(500)])
    let res = scheduler.start(disposed: 300) { xs.asObservable().startWith(1) }
    XCTAssertEqual(res.events, [.next(200, 1), .next(220, 2)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
  }
}
