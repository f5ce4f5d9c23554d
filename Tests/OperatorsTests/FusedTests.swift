import Operators
import OperatorsTestSupport
import XCTest

/// A running sum kept only above a bound: a fold and a filter in one stepper.
private final class SumAbove: FusedStep {
  let bound: Int
  var sum = 0

  init(_ bound: Int) { self.bound = bound }

  func step(_ value: inout Int) throws -> Bool {
    if value < 0 { throw TestError("negative") }
    sum += value
    value = sum
    return value > bound
  }
}

final class FusedTests: LeakCheckingTestCase {
  func testChangesKeepsAndDropsValues() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([
      .next(150, 9), .next(210, 1), .next(220, 2), .next(230, 3), .completed(300),
    ])
    let res = scheduler.start { xs.asObservable().fused { SumAbove(2) } }
    XCTAssertEqual(res.events, [.next(220, 3), .next(230, 6), .completed(300)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
  }

  func testAThrownErrorEndsTheStreamAndUnsubscribes() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, 5), .next(220, -1), .next(230, 3), .completed(300)])
    let res = scheduler.start { xs.asObservable().fused { SumAbove(0) } }
    XCTAssertEqual(res.events, [.next(210, 5), .error(220, TestError("negative"))])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
  }

  func testEverySubscriptionGetsAStepperOfItsOwn() {
    let scheduler = TestScheduler()
    let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .error(30, TestError())])
    let res = scheduler.start { xs.asObservable().fused { SumAbove(0) }.retry(2) }
    XCTAssertEqual(
      res.events, [.next(210, 1), .next(220, 3), .next(240, 1), .next(250, 3), .error(260, TestError())])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 230), Subscription(230, 260)])
  }

  /// A synchronous source upstream stops as soon as the stepper fails.
  func testASynchronousSourceStopsAtTheError() {
    var seen = 0
    var events: [Event<Int>] = []
    _ = Observable.range(start: 0, count: 1_000_000_000).do(onNext: { _ in seen += 1 }).map {
      $0 == 3 ? -1 : $0
    }
    .fused { SumAbove(0) }.subscribe(Observer { events.append($0) })
    XCTAssertEqual(seen, 4)
    XCTAssertEqual(events.count, 3)
  }
}
