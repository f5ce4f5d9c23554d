import Operators
import OperatorsTestSupport
import XCTest

final class ZipTests: LeakCheckingTestCase {
  func testPairsValuesInOrderAndCompletesWhenBothHaveCompleted() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([
      .next(210, 1), .next(220, 2), .next(230, 3), .completed(240),
    ])
    let ys = scheduler.createHotObservable([.next(300, "a"), .next(310, "b"), .completed(320)])
    let res = scheduler.start { xs.asObservable().zip(ys.asObservable()) { "\($0)\($1)" } }
    XCTAssertEqual(res.events, [.next(300, "1a"), .next(310, "2b"), .completed(320)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
    XCTAssertEqual(ys.subscriptions, [Subscription(200, 320)])
  }

  func testNeverCompletesWhileTheOtherSourceIsAlive() {
    let scheduler = TestScheduler()
    let never = scheduler.createHotObservable([.next(150, 1)])
    let empty = scheduler.createHotObservable([.next(150, 1), .completed(210)])
    let res = scheduler.start { never.asObservable().zip(empty.asObservable(), +) }
    XCTAssertEqual(res.events, [])
    XCTAssertEqual(never.subscriptions, [Subscription(200, 1000)])
    XCTAssertEqual(empty.subscriptions, [Subscription(200, 210)])
  }

  /// RxSwift 5+ completes zip of two sources only when both have completed, even when the
  /// first completed source left nothing to pair with.
  func testEmptyAndNonEmptyCompleteWhenTheSecondCompletes() {
    let scheduler = TestScheduler()
    let empty = scheduler.createHotObservable([.next(150, 1), .completed(210)])
    let other = scheduler.createHotObservable([.next(150, 1), .next(215, 2), .completed(220)])
    let res = scheduler.start { empty.asObservable().zip(other.asObservable(), +) }
    XCTAssertEqual(res.events, [.completed(220)])
    XCTAssertEqual(empty.subscriptions, [Subscription(200, 210)])
    XCTAssertEqual(other.subscriptions, [Subscription(200, 220)])
  }

  func testLeftCompletingFirstStillPairsWhatItLeft() {
    let scheduler = TestScheduler()
    let o1 = scheduler.createHotObservable([.next(210, 2), .completed(220)])
    let o2 = scheduler.createHotObservable([.next(215, 4), .completed(225)])
    let res = scheduler.start { o1.asObservable().zip(o2.asObservable(), +) }
    XCTAssertEqual(res.events, [.next(215, 6), .completed(225)])
    XCTAssertEqual(o1.subscriptions, [Subscription(200, 220)])
    XCTAssertEqual(o2.subscriptions, [Subscription(200, 225)])
  }

  func testErrorOfEitherSourceDisposesBoth() {
    let scheduler = TestScheduler()
    let o1 = scheduler.createHotObservable([.next(215, 2), .completed(230)])
    let o2 = scheduler.createHotObservable([Recorded<Int>.error(220, TestError("o2"))])
    let res = scheduler.start { o1.asObservable().zip(o2.asObservable(), +) }
    XCTAssertEqual(res.events, [.error(220, TestError("o2"))])
    XCTAssertEqual(o1.subscriptions, [Subscription(200, 220)])
    XCTAssertEqual(o2.subscriptions, [Subscription(200, 220)])
  }

  func testSelectorErrorEndsTheStream() {
    let scheduler = TestScheduler()
    let o1 = scheduler.createHotObservable([.next(220, 2), .completed(230)])
    let o2 = scheduler.createHotObservable([.next(210, 4)])
    let res = scheduler.start {
      o1.asObservable().zip(o2.asObservable()) { _, _ -> Int in throw TestError("selector") }
    }
    XCTAssertEqual(res.events, [.error(220, TestError("selector"))])
    XCTAssertEqual(o1.subscriptions, [Subscription(200, 220)])
    XCTAssertEqual(o2.subscriptions, [Subscription(200, 220)])
  }

  func testColdSourcesAndEarlyDisposal() {
    let scheduler = TestScheduler()
    let o1 = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .next(90, 3)])
    let o2 = scheduler.createColdObservable([.next(15, 10), .next(50, 20), .next(95, 30)])
    let res = scheduler.start(disposed: 280) { o1.asObservable().zip(o2.asObservable(), +) }
    XCTAssertEqual(res.events, [.next(215, 11), .next(250, 22)])
    XCTAssertEqual(o1.subscriptions, [Subscription(200, 280)])
    XCTAssertEqual(o2.subscriptions, [Subscription(200, 280)])
  }

  func testSynchronousSources() {
    var events: [Event<Int>] = []
    _ = Observable.just(1).zip(.just(2), +).subscribe(Observer { events.append($0) })
    XCTAssertEqual(events, [.next(3), .completed])
  }
}
