import Operators
import OperatorsTestSupport
import XCTest

final class MaterializeTests: LeakCheckingTestCase {
  func testMaterializeTurnsAnErrorIntoAValueAndCompletes() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .error(250, TestError())])
    let res = scheduler.start { xs.asObservable().materialize() }
    XCTAssertEqual(res.events, [.next(210, .next(2)), .next(250, .error(TestError())), .completed(250)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
  }

  func testMaterializeCompletion() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, 2), .completed(250)])
    let res = scheduler.start { xs.asObservable().materialize() }
    XCTAssertEqual(res.events, [.next(210, .next(2)), .next(250, .completed), .completed(250)])
  }

  func testMaterializeNever() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(150, 1)])
    let res = scheduler.start { xs.asObservable().materialize() }
    XCTAssertEqual(res.events, [])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
  }

  func testDematerializeRestoresTheEvents() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([
      .next(210, Event.next(1)), .next(220, .error(TestError())), .next(230, .next(3)),
    ])
    let res = scheduler.start { xs.asObservable().dematerialize() }
    XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError())])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
  }

  func testDematerializeCompletedValueCompletes() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, Event.next(1)), .next(220, .completed)])
    let res = scheduler.start { xs.asObservable().dematerialize() }
    XCTAssertEqual(res.events, [.next(210, 1), .completed(220)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
  }

  func testDematerializeForwardsTheOuterError() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, Event.next(1)), .error(230, TestError())])
    let res = scheduler.start { xs.asObservable().dematerialize() }
    XCTAssertEqual(res.events, [.next(210, 1), .error(230, TestError())])
  }

  func testMaterializeThenDematerializeIsTheIdentity() {
    let scheduler = TestScheduler()
    let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .error(30, TestError())])
    let res = scheduler.start { xs.asObservable().materialize().dematerialize() }
    XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .error(230, TestError())])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
  }

  func testDematerializeDisposedEarly() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, Event.next(1)), .next(400, .completed)])
    let res = scheduler.start(disposed: 300) { xs.asObservable().dematerialize() }
    XCTAssertEqual(res.events, [.next(210, 1)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
  }
}
