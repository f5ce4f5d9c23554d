import Operators
import OperatorsTestSupport
import XCTest

final class EnumeratedTests: LeakCheckingTestCase {
  func testPairsValuesWithIndicesFromZero() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([
      .next(150, "z"), .next(210, "a"), .next(220, "b"), .next(230, "c"), .completed(300),
    ])
    let res = scheduler.start {
      xs.asObservable().enumerated().map { "\($0.index):\($0.element)" }
    }
    XCTAssertEqual(res.events, [.next(210, "0:a"), .next(220, "1:b"), .next(230, "2:c"), .completed(300)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
  }

  func testEachSubscriptionCountsFromZero() {
    let source = Observable.of("a", "b").enumerated().map(\.index)
    var indices: [Int] = []
    _ = source.subscribe(onNext: { indices.append($0) })
    _ = source.subscribe(onNext: { indices.append($0) })
    XCTAssertEqual(indices, [0, 1, 0, 1])
  }

  func testPassesAnError() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, "a"), .error(220, TestError())])
    let res = scheduler.start { xs.asObservable().enumerated().map(\.index) }
    XCTAssertEqual(res.events, [.next(210, 0), .error(220, TestError())])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
  }

  func testDisposedEarly() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, "a"), .next(400, "b"), .completed(500)])
    let res = scheduler.start(disposed: 300) { xs.asObservable().enumerated().map(\.index) }
    XCTAssertEqual(res.events, [.next(210, 0)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
  }
}
