import Operators
import OperatorsTestSupport
import XCTest

final class DeferredTests: LeakCheckingTestCase {
  func testFactoryRunsAtSubscriptionAndItsObservableIsUsed() {
    let scheduler = TestScheduler()
    var invoked = 0
    var xs: TestableObservable<Int>?
    let res = scheduler.start {
      Observable.deferred {
        invoked += 1
        xs = scheduler.createColdObservable([.next(100, scheduler.clockMilliseconds), .completed(200)])
        return xs!.asObservable()
      }
    }
    XCTAssertEqual(invoked, 1)
    XCTAssertEqual(res.events, [.next(300, 200), .completed(400)])
    XCTAssertEqual(xs?.subscriptions, [Subscription(200, 400)])
  }

  func testEachSubscriptionCallsTheFactoryAgain() {
    var invoked = 0
    let source = Observable.deferred { () -> Observable<Int> in
      invoked += 1
      return .just(invoked)
    }
    var values: [Int] = []
    _ = source.subscribe(onNext: { values.append($0) })
    _ = source.subscribe(onNext: { values.append($0) })
    XCTAssertEqual(values, [1, 2])
  }

  func testThrowingFactoryFailsAtSubscription() {
    let scheduler = TestScheduler()
    let res = scheduler.start {
      Observable<Int>.deferred { throw TestError("factory") }
    }
    XCTAssertEqual(res.events, [.error(200, TestError("factory"))])
  }

  func testDisposingReachesTheDeferredObservable() {
    let scheduler = TestScheduler()
    let xs = scheduler.createColdObservable([.next(50, 1), .next(500, 2), .completed(600)])
    let res = scheduler.start(disposed: 400) { Observable.deferred { xs.asObservable() } }
    XCTAssertEqual(res.events, [.next(250, 1)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
  }
}
