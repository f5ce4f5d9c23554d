import Operators
import OperatorsTestSupport
import XCTest

final class RepeatTests: LeakCheckingTestCase {
  func testCountIsTheNumberOfSubscriptions() {
    let scheduler = TestScheduler()
    let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
    let res = scheduler.start { xs.asObservable().repeat(3) }
    XCTAssertEqual(
      res.events,
      [
        .next(210, 1), .next(220, 2), .next(240, 1), .next(250, 2), .next(270, 1), .next(280, 2),
        .completed(290),
      ])
    XCTAssertEqual(
      xs.subscriptions, [Subscription(200, 230), Subscription(230, 260), Subscription(260, 290)])
  }

  func testRepeatZeroCompletesWithoutSubscribing() {
    let scheduler = TestScheduler()
    let xs = scheduler.createColdObservable([.next(10, 1), .completed(30)])
    let res = scheduler.start { xs.asObservable().repeat(0) }
    XCTAssertEqual(res.events, [.completed(200)])
    XCTAssertEqual(xs.subscriptions, [])
  }

  func testWithoutCountRepeatsUntilDisposed() {
    let scheduler = TestScheduler()
    let xs = scheduler.createColdObservable([.next(10, 1), .completed(100)])
    let res = scheduler.start(disposed: 450) { xs.asObservable().repeat() }
    XCTAssertEqual(res.events, [.next(210, 1), .next(310, 1), .next(410, 1)])
    XCTAssertEqual(
      xs.subscriptions, [Subscription(200, 300), Subscription(300, 400), Subscription(400, 450)])
  }

  func testErrorPassesThroughWithoutResubscribing() {
    let scheduler = TestScheduler()
    let xs = scheduler.createColdObservable([.next(10, 1), .error(20, TestError("x"))])
    let res = scheduler.start { xs.asObservable().repeat(3) }
    XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError("x"))])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
  }

  func testHotSourceIsResubscribedAtItsCompletionTick() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, 1), .completed(220), .next(230, 2)])
    let res = scheduler.start { xs.asObservable().repeat(2) }
    XCTAssertEqual(res.events, [.next(210, 1), .next(230, 2)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 220), Subscription(220, 1000)])
  }

  func testSynchronousSourceStopsWhenTheSubscriberEnds() {
    let recorder = StoppingRecorder<Int>(limit: 3)
    Observable.just(1).repeat().subscribe(recorder.observer).dispose()
    XCTAssertEqual(recorder.values, [1, 1, 1])
  }

  func testSynchronousSourceStopsUnderAnOperatorThatTakesThree() {
    let scheduler = TestScheduler()
    let res = scheduler.start { Observable.just(7).repeat().firstValues(3) }
    XCTAssertEqual(res.events, [.next(200, 7), .next(200, 7), .next(200, 7), .completed(200)])
  }

  func testMillionSynchronousRepetitionsDoNotGrowTheStack() {
    var count = 0
    var completed = false
    _ = Observable.just(1).repeat(1_000_000).subscribe(
      onNext: { _ in count += 1 }, onCompleted: { completed = true })
    XCTAssertEqual(count, 1_000_000)
    XCTAssertTrue(completed)
  }
}

extension Observable {
  /// A minimal `take` for these tests (the real one lives on another branch): passes on the
  /// first `count` values, then completes and ends its subscription.
  fileprivate func firstValues(_ count: Int) -> Observable<Element> {
    Observable(unsafe: { observer in
      let lifetime = SingleAssignmentDisposable()
      var taken = 0
      let subscription = subscribe(
        Observer(lifetime: lifetime) { event in
          guard !lifetime.isDisposed else { return }
          if case .next = event { taken += 1 }
          observer.on(event)
          if event.isStopEvent || taken == count {
            if !event.isStopEvent { observer.onCompleted() }
            lifetime.dispose()
          }
        })
      lifetime.setDisposable(subscription)
      return lifetime
    })
  }
}
