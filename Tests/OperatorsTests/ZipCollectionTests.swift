import Operators
import OperatorsTestSupport
import XCTest

final class ZipCollectionTests: LeakCheckingTestCase {
  func testZipOfNothingCompletesAtOnce() {
    let scheduler = TestScheduler()
    let res = scheduler.start { Observable<Int>.zip([]) }
    XCTAssertEqual(res.events, [.completed(200)])
  }

  func testSymmetricSourcesCompleteWithTheLast() {
    let scheduler = TestScheduler()
    let e0 = scheduler.createHotObservable([.next(210, 1), .next(250, 4), .completed(420)])
    let e1 = scheduler.createHotObservable([.next(220, 2), .next(240, 5), .completed(410)])
    let e2 = scheduler.createHotObservable([.next(230, 3), .next(260, 6), .completed(400)])
    let res = scheduler.start { Observable.zip([e0, e1, e2].map { $0.asObservable() }) }
    XCTAssertEqual(res.events, [.next(230, [1, 2, 3]), .next(260, [4, 5, 6]), .completed(420)])
    XCTAssertEqual(e0.subscriptions, [Subscription(200, 420)])
    XCTAssertEqual(e1.subscriptions, [Subscription(200, 410)])
    XCTAssertEqual(e2.subscriptions, [Subscription(200, 400)])
  }

  /// Unlike zip of two, a value arriving when every other source has completed and some
  /// queue is empty ends the stream.
  func testAsymmetricSourcesCompleteWhenNoPairCanBeMade() {
    let scheduler = TestScheduler()
    let e0 = scheduler.createHotObservable([.next(210, 1), .next(250, 4), .completed(270)])
    let e1 = scheduler.createHotObservable([
      .next(220, 2), .next(240, 5), .next(290, 7), .next(310, 9), .completed(410),
    ])
    let e2 = scheduler.createHotObservable([
      .next(230, 3), .next(260, 6), .next(280, 8), .completed(300),
    ])
    let res = scheduler.start { Observable.zip([e0, e1, e2].map { $0.asObservable() }) }
    XCTAssertEqual(res.events, [.next(230, [1, 2, 3]), .next(260, [4, 5, 6]), .completed(310)])
    XCTAssertEqual(e0.subscriptions, [Subscription(200, 270)])
    XCTAssertEqual(e1.subscriptions, [Subscription(200, 310)])
    XCTAssertEqual(e2.subscriptions, [Subscription(200, 300)])
  }

  func testErrorDisposesEverySource() {
    let scheduler = TestScheduler()
    let e0 = scheduler.createHotObservable([.next(210, 1), .error(250, TestError("e0"))])
    let e1 = scheduler.createHotObservable([.next(220, 2), .next(240, 5), .completed(410)])
    let e2 = scheduler.createHotObservable([.next(230, 3), .next(260, 6), .completed(400)])
    let res = scheduler.start { Observable.zip([e0, e1, e2].map { $0.asObservable() }) }
    XCTAssertEqual(res.events, [.next(230, [1, 2, 3]), .error(250, TestError("e0"))])
    for source in [e0, e1, e2] { XCTAssertEqual(source.subscriptions, [Subscription(200, 250)]) }
  }

  func testEmptyAndNonEmptyCompleteAtTheUnpairableValue() {
    let scheduler = TestScheduler()
    let empty = scheduler.createHotObservable([Recorded<Int>.completed(210)])
    let other = scheduler.createHotObservable([.next(215, 2), .completed(220)])
    let res = scheduler.start { Observable.zip([empty.asObservable(), other.asObservable()]) }
    XCTAssertEqual(res.events, [.completed(215)])
    XCTAssertEqual(empty.subscriptions, [Subscription(200, 210)])
    XCTAssertEqual(other.subscriptions, [Subscription(200, 215)])
  }

  func testDisposingEndsEverySource() {
    let scheduler = TestScheduler()
    let e0 = scheduler.createHotObservable([.next(210, 1), .next(230, 3), .next(400, 5)])
    let e1 = scheduler.createHotObservable([.next(220, 2), .completed(250)])
    let res = scheduler.start(disposed: 300) { Observable.zip([e0, e1].map { $0.asObservable() }) }
    XCTAssertEqual(res.events, [.next(220, [1, 2])])
    XCTAssertEqual(e0.subscriptions, [Subscription(200, 300)])
    XCTAssertEqual(e1.subscriptions, [Subscription(200, 250)])
  }
}
