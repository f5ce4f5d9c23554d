import Operators
import OperatorsTestSupport
import XCTest

final class RetryWithStrategyTests: LeakCheckingTestCase {
  func testDelaysOneThreeFiveTenResubscribeAtOneFourNineNineteenSecondsThenError() {
    let scheduler = TestScheduler()
    let xs = scheduler.createColdObservable([.error(0, TestError("down"))] as [Recorded<Int>])
    let res = scheduler.start(created: 0, subscribed: 0, disposed: 60_000) {
      xs.asObservable().retry(.delays([1, 3, 5, 10].map { .seconds($0) }), scheduler: scheduler)
    }
    XCTAssertEqual(res.events, [.error(19_000, TestError("down"))])
    XCTAssertEqual(
      xs.subscriptions,
      [0, 1_000, 4_000, 9_000, 19_000].map { Subscription($0, $0) })
  }

  func testBinaryExponentialWaitsTwoFourEightIntervals() {
    let scheduler = TestScheduler()
    var attempts = 0
    let source = Observable<Int>.create { observer in
      attempts += 1
      if attempts < 4 { observer.onError(TestError()) } else { observer.onNext(attempts) }
      observer.onCompleted()
      return Disposables.empty
    }
    let res = scheduler.start(disposed: 5_000) {
      source.retry(.binaryExponential(.milliseconds(100), times: 4), scheduler: scheduler)
    }
    XCTAssertEqual(res.events, [.next(1_600, 4), .completed(1_600)])
  }

  func testImmediateResubscribesAtTheSameTime() {
    let scheduler = TestScheduler()
    let xs = scheduler.createColdObservable([.next(5, 1), .error(10, TestError())])
    let res = scheduler.start { xs.asObservable().retry(.immediate(2), scheduler: scheduler) }
    XCTAssertEqual(res.events, [.next(205, 1), .next(215, 1), .next(225, 1), .error(230, TestError())])
    XCTAssertEqual(
      xs.subscriptions, [Subscription(200, 210), Subscription(210, 220), Subscription(220, 230)])
  }

  func testJitteredScheduleIsTheSameOnEverySubscription() {
    let scheduler = TestScheduler()
    let xs = scheduler.createColdObservable([.error(0, TestError())] as [Recorded<Int>])
    let strategy = RetryStrategy.exponential(initial: .milliseconds(100), jitter: .full, times: 3)
    let retried = xs.asObservable().retry(strategy, seed: 5, scheduler: scheduler)
    _ = scheduler.start(created: 0, subscribed: 0, disposed: 10_000) { retried }
    let first = xs.subscriptions.map(\.start)
    _ = scheduler.start(created: 10_000, subscribed: 10_000, disposed: 20_000) { retried }
    let second = xs.subscriptions.dropFirst(first.count).map { $0.start - 10_000 }
    XCTAssertEqual(first.count, 4)
    XCTAssertEqual(first, second)
  }

  func testDisposingWhileWaitingCancelsTheTimer() {
    let scheduler = TestScheduler()
    let xs = scheduler.createColdObservable([.error(10, TestError())] as [Recorded<Int>])
    let res = scheduler.start(disposed: 500) {
      xs.asObservable().retry(.constant(.seconds(1), times: 3), scheduler: scheduler)
    }
    XCTAssertEqual(res.events, [])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
  }
}
