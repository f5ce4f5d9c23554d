import Operators
import OperatorsTestSupport
import XCTest

final class BulkheadTests: LeakCheckingTestCase {
  /// Subscribes `source` at each of `times`, each with its own recorder.
  private func subscribe(
    _ source: Observable<Int>, at times: [Int], on scheduler: TestScheduler
  ) -> [TestableObserver<Int>] {
    times.map { time in scheduler.record({ source }, from: time) }
  }

  func testOneSlotOneQueuedTheThirdIsRefused() {
    let scheduler = TestScheduler()
    let xs = scheduler.createColdObservable([.next(40, 1), .completed(50)])
    let bulkhead = Bulkhead(limit: 1, queue: 1)
    let res = subscribe(xs.asObservable().bulkhead(bulkhead), at: [200, 210, 220], on: scheduler)
    scheduler.start()
    XCTAssertEqual(res[0].events, [.next(240, 1), .completed(250)])
    XCTAssertEqual(res[1].events, [.next(290, 1), .completed(300)])
    XCTAssertEqual(res[2].events, [.error(220, BulkheadFullError())])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 250), Subscription(250, 300)])
    XCTAssertEqual(bulkhead.active, 0)
    XCTAssertEqual(String(describing: BulkheadFullError()), "bulkheadFull")
  }

  func testWithoutAQueueTheSecondIsRefusedAndASecondSlotLetsItRun() {
    let scheduler = TestScheduler()
    let xs = scheduler.createColdObservable([.next(40, 1), .completed(50)])
    let narrow = subscribe(xs.asObservable().bulkhead(Bulkhead(limit: 1)), at: [200, 210], on: scheduler)
    let wide = subscribe(xs.asObservable().bulkhead(Bulkhead(limit: 2)), at: [400, 410], on: scheduler)
    scheduler.start()
    XCTAssertEqual(narrow[1].events, [.error(210, BulkheadFullError())])
    XCTAssertEqual(wide[1].events, [.next(450, 1), .completed(460)])
  }

  func testAWaitingSubscriptionDisposedLeavesTheQueueAndADisposedOneFreesItsSlot() {
    let scheduler = TestScheduler()
    let xs = scheduler.createColdObservable([.next(40, 1), .completed(50)])
    let bulkhead = Bulkhead(limit: 1, queue: 1)
    let source = xs.asObservable().bulkhead(bulkhead)
    let first = scheduler.record({ source }, from: 200, to: 220)
    let leaving = scheduler.record({ source }, from: 205, to: 210)
    let third = scheduler.record({ source }, from: 215)
    scheduler.start()
    XCTAssertEqual(first.events, [])
    XCTAssertEqual(leaving.events, [])
    XCTAssertEqual(third.events, [.next(260, 1), .completed(270)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 220), Subscription(220, 270)])
  }
}
