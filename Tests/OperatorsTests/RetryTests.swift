import Operators
import OperatorsTestSupport
import XCTest

final class RetryTests: LeakCheckingTestCase {
  func testRetryZeroCompletesAtOnceWithoutSubscribing() {
    let scheduler = TestScheduler()
    let xs = scheduler.createColdObservable([.next(10, 1), .error(20, TestError())])
    let res = scheduler.start { xs.asObservable().retry(0) }
    XCTAssertEqual(res.events, [.completed(200)])
    XCTAssertEqual(xs.subscriptions, [])
  }

  func testRetryThreeWithThreeFailuresStillFails() {
    let scheduler = TestScheduler()
    let xs = scheduler.createColdObservable([.next(5, 1), .error(20, TestError("last"))])
    let res = scheduler.start { xs.asObservable().retry(3) }
    XCTAssertEqual(
      res.events,
      [.next(205, 1), .next(225, 1), .next(245, 1), .error(260, TestError("last"))])
    XCTAssertEqual(
      xs.subscriptions, [Subscription(200, 220), Subscription(220, 240), Subscription(240, 260)])
  }

  func testValuesFromFailedAttemptsAreNotRetracted() {
    let scheduler = TestScheduler()
    var attempt = 0
    let source = Observable<String>.create { observer in
      attempt += 1
      let timer = scheduler.schedule(after: ms(10)) {
        observer.onNext("attempt \(attempt)")
        if attempt < 3 { observer.onError(TestError()) } else { observer.onCompleted() }
      }
      return timer
    }
    let res = scheduler.start { source.retry(5) }
    XCTAssertEqual(
      res.events,
      [
        .next(210, "attempt 1"), .next(220, "attempt 2"), .next(230, "attempt 3"),
        .completed(230),
      ])
  }

  func testRetryCountStopsAtCompletion() {
    let scheduler = TestScheduler()
    let xs = scheduler.createColdObservable([.next(100, 1), .next(150, 2), .completed(250)])
    let res = scheduler.start { xs.asObservable().retry(3) }
    XCTAssertEqual(res.events, [.next(300, 1), .next(350, 2), .completed(450)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 450)])
  }

  func testRetryCountDisposedBetweenAttempts() {
    let scheduler = TestScheduler()
    let xs = scheduler.createColdObservable([.next(5, 1), .next(10, 2), .error(20, TestError())])
    let res = scheduler.start(disposed: 231) { xs.asObservable().retry(3) }
    XCTAssertEqual(res.events, [.next(205, 1), .next(210, 2), .next(225, 1), .next(230, 2)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 220), Subscription(220, 231)])
  }

  func testRetryForeverResubscribesUntilDisposed() {
    let scheduler = TestScheduler()
    let xs = scheduler.createColdObservable([.next(100, 1), .error(250, TestError())])
    let res = scheduler.start(disposed: 1100) { xs.asObservable().retry() }
    XCTAssertEqual(res.events, [.next(300, 1), .next(550, 1), .next(800, 1), .next(1050, 1)])
    XCTAssertEqual(
      xs.subscriptions,
      [Subscription(200, 450), Subscription(450, 700), Subscription(700, 950), Subscription(950, 1100)])
  }

  func testAMillionSynchronousRetriesDoNotOverflowTheStack() {
    var subscriptions = 0
    let failing = Observable<Int>.create { observer in
      subscriptions += 1
      observer.onError(TestError("again"))
      return Disposables.empty
    }
    var received: (any Error)?
    failing.retry(1_000_000).subscribe(onError: { received = $0 })
    XCTAssertEqual(subscriptions, 1_000_000)
    XCTAssertEqual(received as? TestError, TestError("again"))
  }

  func testSynchronousRetryStopsWhenDownstreamIsDisposed() {
    var subscriptions = 0
    let failing = Observable<Int>.create { observer in
      subscriptions += 1
      observer.onNext(subscriptions)
      observer.onError(TestError())
      return Disposables.empty
    }
    let downstream = BooleanDisposable()
    let observer = Observer<Int>(lifetime: downstream) { event in
      if event.element == 5 { downstream.dispose() }
    }
    let subscription = failing.retry().subscribe(observer)
    XCTAssertEqual(subscriptions, 5)
    subscription.dispose()
  }
}
