import Operators
import OperatorsTestSupport
import XCTest

final class BufferTests: LeakCheckingTestCase {
  func testFullArraysThenTheRemainderOnCompletion() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([
      .next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(300),
    ])
    let res = scheduler.start { xs.asObservable().buffer(count: 3) }
    XCTAssertEqual(res.events, [.next(230, [1, 2, 3]), .next(300, [4]), .completed(300)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
  }

  /// As RxSwift's `buffer(timeSpan:count:)`, completion emits the buffer even when empty.
  func testCompletionEmitsAnEmptyRemainder() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
    let res = scheduler.start { xs.asObservable().buffer(count: 2) }
    XCTAssertEqual(res.events, [.next(220, [1, 2]), .next(300, []), .completed(300)])
  }

  func testErrorDropsTheRemainder() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([
      .next(210, 1), .next(220, 2), .next(230, 3), .error(300, TestError()),
    ])
    let res = scheduler.start { xs.asObservable().buffer(count: 2) }
    XCTAssertEqual(res.events, [.next(220, [1, 2]), .error(300, TestError())])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
  }

  func testDisposedEarlyEmitsNoRemainder() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(400)])
    let res = scheduler.start(disposed: 300) { xs.asObservable().buffer(count: 2) }
    XCTAssertEqual(res.events, [.next(220, [1, 2])])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
  }

  func testBufferOfOneWrapsEveryValue() {
    let scheduler = TestScheduler()
    let res = scheduler.start { Observable.of(1, 2).buffer(count: 1) }
    XCTAssertEqual(res.events, [.next(200, [1]), .next(200, [2]), .next(200, []), .completed(200)])
  }
}
