import Operators
import OperatorsTestSupport
import XCTest

/// Transcribed from RxSwift's DelayTests, plus same-instant values, re-entrant errors and
/// disposal.
final class DelayTests: LeakCheckingTestCase {
  private func source(_ scheduler: TestScheduler, end: Recorded<Int>) -> TestableObservable<Int> {
    scheduler.createHotObservable([.next(150, 1), .next(250, 2), .next(350, 3), .next(450, 4), end])
  }

  func testValuesAndCompletionAreShifted() {
    for (delay, shift) in [(100, 100), (50, 50), (150, 150), (42, 42)] {
      let scheduler = TestScheduler()
      let xs = source(scheduler, end: .completed(550))
      let res = scheduler.start { xs.asObservable().delay(ms(delay), scheduler: scheduler) }
      XCTAssertEqual(
        res.events,
        [.next(250 + shift, 2), .next(350 + shift, 3), .next(450 + shift, 4), .completed(550 + shift)])
      XCTAssertEqual(xs.subscriptions, [Subscription(200, 550)], "upstream released when it ends")
    }
  }

  func testErrorIsNotDelayed() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(150, 1), Recorded<Int>.error(250, TestError())])
    let res = scheduler.start { xs.asObservable().delay(ms(150), scheduler: scheduler) }
    XCTAssertEqual(res.events, [.error(250, TestError())])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
  }

  func testCompletionAloneIsDelayed() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(150, 1), .completed(250)])
    let res = scheduler.start { xs.asObservable().delay(ms(150), scheduler: scheduler) }
    XCTAssertEqual(res.events, [.completed(400)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
  }

  func testErrorAfterAllValuesWereEmitted() {
    let scheduler = TestScheduler()
    let xs = source(scheduler, end: .error(550, TestError()))
    let res = scheduler.start { xs.asObservable().delay(ms(50), scheduler: scheduler) }
    XCTAssertEqual(
      res.events, [.next(300, 2), .next(400, 3), .next(500, 4), .error(550, TestError())])
  }

  func testErrorDropsTheValuesStillWaiting() {
    let scheduler = TestScheduler()
    let xs = source(scheduler, end: .error(550, TestError()))
    let res = scheduler.start { xs.asObservable().delay(ms(150), scheduler: scheduler) }
    XCTAssertEqual(res.events, [.next(400, 2), .next(500, 3), .error(550, TestError())])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 550)])
    XCTAssertTrue(scheduler.clock.isIdle)
  }

  func testValuesArrivingTogetherLeaveTogether() {
    let scheduler = TestScheduler()
    let res = scheduler.start { Observable.of(1, 2, 3).delay(ms(100), scheduler: scheduler) }
    XCTAssertEqual(res.events, [.next(300, 1), .next(300, 2), .next(300, 3), .completed(300)])
  }

  func testErrorArrivingDuringAnEmissionFollowsIt() {
    let scheduler = TestScheduler()
    var upstream: Observer<Int>?
    let source = Observable<Int>.create { observer in
      upstream = observer
      return Disposables.empty
    }
    scheduler.scheduleAt(210) { upstream?.onNext(1) }
    scheduler.scheduleAt(220) { upstream?.onNext(2) }
    let res = scheduler.start {
      source.delay(ms(100), scheduler: scheduler).map { value -> Int in
        upstream?.onError(TestError("during"))
        return value
      }
    }
    XCTAssertEqual(res.events, [.next(310, 1), .error(310, TestError("during"))])
    upstream = nil
  }

  func testDisposingCancelsTheWaitingValues() {
    let scheduler = TestScheduler()
    let xs = source(scheduler, end: .completed(550))
    let res = scheduler.start(disposed: 380) { xs.asObservable().delay(ms(100), scheduler: scheduler) }
    XCTAssertEqual(res.events, [.next(350, 2)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 380)])
    XCTAssertTrue(scheduler.clock.isIdle)
  }

  func testLongRunningDelayKeepsOrderAndSpacing() {
    let scheduler = TestScheduler()
    let res = scheduler.start {
      Observable<Int>.interval(ms(10), scheduler: scheduler).take(70).delay(ms(55), scheduler: scheduler)
    }
    XCTAssertEqual(res.values, Array(0..<70))
    XCTAssertEqual(res.events.first?.time, 265)
    XCTAssertEqual(res.events.last, .completed(955))
  }
}
