import Operators
import OperatorsTestSupport
import XCTest

final class CircuitBreakerTests: LeakCheckingTestCase {
  /// A source whose n-th subscription plays the n-th script (the last one repeats).
  private func scripted(_ scripts: [TestableObservable<Int>]) -> Observable<Int> {
    var next = 0
    return Observable(unsafe: { observer in
      let script = scripts[min(next, scripts.count - 1)]
      next += 1
      return script.asObservable().subscribe(observer)
    })
  }

  /// Subscribes `source` at each of `times`, recording every event in one observer.
  private func subscribe(
    _ source: Observable<Int>, at times: [Int], on scheduler: TestScheduler
  ) -> TestableObserver<Int> {
    let recorder = scheduler.createObserver(Int.self)
    let bag = CompositeDisposable()
    for time in times {
      scheduler.scheduleAt(time) { bag.insert(source.subscribe(recorder.asObserver())) }
    }
    scheduler.scheduleAt(2_000) { bag.dispose() }
    return recorder
  }

  func testClosedOpenHalfOpenClosedAndOpenAgainWithTimes() {
    let scheduler = TestScheduler()
    let failure = scheduler.createColdObservable([.error(10, TestError())] as [Recorded<Int>])
    let success = scheduler.createColdObservable([.next(10, 1), .completed(20)])
    let upstream = scripted([failure, failure, success, failure])
    let breaker = CircuitBreaker(failureThreshold: 2, resetTimeout: ms(100), scheduler: scheduler)
    let states = scheduler.createObserver(CircuitState.self)
    scheduler.scheduleAt(100) { _ = breaker.states.subscribe(states.asObserver()) }
    let res = subscribe(
      upstream.circuitBreaker(breaker), at: [200, 220, 240, 340, 345, 365, 380, 500], on: scheduler)
    scheduler.start()

    XCTAssertEqual(
      states.events,
      [
        .next(100, .closed), .next(230, .open), .next(330, .halfOpen), .next(350, .closed),
        .next(390, .open), .next(490, .halfOpen), .next(510, .open), .next(610, .halfOpen),
      ])
    XCTAssertEqual(
      res.events,
      [
        .error(210, TestError()), .error(230, TestError()), .error(240, CircuitOpenError()),
        .error(345, CircuitOpenError()), .next(350, 1), .completed(360), .error(375, TestError()),
        .error(390, TestError()), .error(510, TestError()),
      ])
    XCTAssertEqual(
      failure.subscriptions,
      [200, 220, 365, 380, 500].map { Subscription($0, $0 + 10) })
    XCTAssertEqual(success.subscriptions, [Subscription(340, 360)])
  }

  func testAValueOrCompletionResetsTheCount() {
    let scheduler = TestScheduler()
    let failure = scheduler.createColdObservable([.error(10, TestError())] as [Recorded<Int>])
    let valueThenFailure = scheduler.createColdObservable([.next(5, 1), .error(10, TestError())])
    let breaker = CircuitBreaker(failureThreshold: 2, resetTimeout: ms(100), scheduler: scheduler)
    let upstream = scripted([failure, valueThenFailure, failure, failure])
    let res = subscribe(upstream.circuitBreaker(breaker), at: [200, 220, 240, 260, 280], on: scheduler)
    scheduler.start()
    // 1 failure, a value resets, 1 failure (the same stream's error), 2 → open at 250.
    XCTAssertEqual(
      res.events,
      [
        .error(210, TestError()), .next(225, 1), .error(230, TestError()), .error(250, TestError()),
        .error(260, CircuitOpenError()), .error(280, CircuitOpenError()),
      ])
    XCTAssertEqual(breaker.state, .halfOpen)
  }

  func testRetryBelowTheBreakerIsRefusedRightAfterTheTrippingError() {
    let scheduler = TestScheduler()
    var upstreamSubscriptions = 0
    let failing = Observable<Int>.create { observer in
      upstreamSubscriptions += 1
      observer.onError(TestError())
      return Disposables.empty
    }
    let breaker = CircuitBreaker(failureThreshold: 2, resetTimeout: .seconds(30), scheduler: scheduler)
    let res = scheduler.start { failing.circuitBreaker(breaker).retry(5) }
    XCTAssertEqual(res.events, [.error(200, CircuitOpenError())])
    XCTAssertEqual(upstreamSubscriptions, 2)
    XCTAssertEqual(String(describing: CircuitOpenError()), "circuitOpen")
  }

  func testATrialDisposedBeforeAnyOutcomeFreesTheSlot() {
    let scheduler = TestScheduler()
    let failure = scheduler.createColdObservable([.error(10, TestError())] as [Recorded<Int>])
    let silent = scheduler.createColdObservable([] as [Recorded<Int>])
    let success = scheduler.createColdObservable([.next(10, 7), .completed(10)])
    let upstream = scripted([failure, silent, success]).circuitBreaker(
      CircuitBreaker(failureThreshold: 1, resetTimeout: ms(50), scheduler: scheduler))
    let trial = scheduler.createObserver(Int.self)
    var trialSubscription: (any Disposable)?
    scheduler.scheduleAt(300) { trialSubscription = upstream.subscribe(trial.asObserver()) }
    scheduler.scheduleAt(320) { trialSubscription?.dispose() }
    let res = subscribe(upstream, at: [200, 310, 330], on: scheduler)
    scheduler.start()
    XCTAssertEqual(trial.events, [])
    XCTAssertEqual(silent.subscriptions, [Subscription(300, 320)])
    XCTAssertEqual(
      res.events,
      [.error(210, TestError()), .error(310, CircuitOpenError()), .next(340, 7), .completed(340)])
  }

  func testStaleSubscriptionsDoNotMoveAnOpenCircuit() {
    let scheduler = TestScheduler()
    let failure = scheduler.createColdObservable([.error(10, TestError())] as [Recorded<Int>])
    let slow = scheduler.createColdObservable([.next(50, 1), .completed(60)])
    let breaker = CircuitBreaker(failureThreshold: 1, resetTimeout: ms(500), scheduler: scheduler)
    let res = subscribe(scripted([slow, failure]).circuitBreaker(breaker), at: [200, 205], on: scheduler)
    scheduler.advance(to: 300)
    XCTAssertEqual(res.events, [.error(215, TestError()), .next(250, 1), .completed(260)])
    XCTAssertEqual(breaker.state, .open)
    scheduler.start()
  }
}
