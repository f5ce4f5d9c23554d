import Operators
import OperatorsTestSupport
import XCTest

final class CatchTests: LeakCheckingTestCase {
  func testCatchSubscribesTheFallbackAtTheErrorsTime() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([
      .next(150, 1), .next(210, 2), .next(220, 3), .error(230, TestError()),
    ])
    let ys = scheduler.createColdObservable([.next(10, 4), .completed(20)])
    var handlerCalledAt: Int?
    let res = scheduler.start {
      xs.asObservable().catch { _ in
        handlerCalledAt = scheduler.clockMilliseconds
        return ys.asObservable()
      }
    }
    XCTAssertEqual(handlerCalledAt, 230)
    XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3), .next(240, 4), .completed(250)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    XCTAssertEqual(ys.subscriptions, [Subscription(230, 250)])
  }

  func testCatchPassesCompletionAndNeverCallsTheHandler() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, 2), .completed(230)])
    var called = false
    let res = scheduler.start {
      xs.asObservable().catch { _ in
        called = true
        return .just(0)
      }
    }
    XCTAssertFalse(called)
    XCTAssertEqual(res.events, [.next(210, 2), .completed(230)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
  }

  func testCatchHandlerThrowingEndsWithItsError() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, 2), .error(230, TestError("first"))])
    let res = scheduler.start {
      xs.asObservable().catch { _ in throw TestError("second") }
    }
    XCTAssertEqual(res.events, [.next(210, 2), .error(230, TestError("second"))])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
  }

  func testCatchFallbackErrorIsForwarded() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.error(230, TestError("first"))] as [Recorded<Int>])
    let ys = scheduler.createColdObservable([.next(5, 7), .error(10, TestError("second"))])
    let res = scheduler.start { xs.asObservable().catch { _ in ys.asObservable() } }
    XCTAssertEqual(res.events, [.next(235, 7), .error(240, TestError("second"))])
    XCTAssertEqual(ys.subscriptions, [Subscription(230, 240)])
  }

  func testCatchDisposedWhileInTheFallback() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.error(230, TestError())] as [Recorded<Int>])
    let ys = scheduler.createColdObservable([.next(10, 1), .next(100, 2)])
    let res = scheduler.start(disposed: 300) { xs.asObservable().catch { _ in ys.asObservable() } }
    XCTAssertEqual(res.events, [.next(240, 1)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    XCTAssertEqual(ys.subscriptions, [Subscription(230, 300)])
  }

  func testCatchOfASynchronousFailureKeepsTheFallback() {
    let failing = Observable<Int>.create { observer in
      observer.onNext(1)
      observer.onError(TestError())
      return Disposables.empty
    }
    var seen: [Int] = []
    var completed = false
    failing.catch { _ in .just(2) }.subscribe(
      onNext: { seen.append($0) }, onCompleted: { completed = true })
    XCTAssertEqual(seen, [1, 2])
    XCTAssertTrue(completed)
  }

  func testCatchAndReturnEndsWithTheValue() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, 2), .error(230, TestError())])
    let res = scheduler.start { xs.asObservable().catchAndReturn(-1) }
    XCTAssertEqual(res.events, [.next(210, 2), .next(230, -1), .completed(230)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
  }
}
