import Dispatch
import Foundation
import Operators
import OperatorsTestSupport
import XCTest

/// A run's control: stopping a tight synchronous loop from another thread, and stopping a
/// run that resubscribes on and on at one instant (which RxSwift loops on forever).
final class RunControlTests: LeakCheckingTestCase {
  /// Subscribes `source` with `control` as the root lifetime; returns what arrived.
  private func run<Element>(_ source: Observable<Element>, _ control: RunControl) -> [Event<Element>] {
    var events: [Event<Element>] = []
    let subscription = source.subscribe(Observer(lifetime: control) { events.append($0) })
    subscription.dispose()
    return events
  }

  func testStopFromAnotherThreadEndsATightSynchronousLoop() {
    let control = RunControl()
    let started = DispatchSemaphore(value: 0)
    var values = 0
    let box = UncheckedSendable(control)
    DispatchQueue.global().async {
      started.wait()  // the loop has passed 1,000 values: it runs
      box.value.stop(.interrupted)
    }
    let endless = Observable<Int>.range(start: 0, count: Int.max / 2).map { $0 + 1 }.scan(0, +)
    let subscription = endless.subscribe(
      Observer(lifetime: control) { event in
        if case .next = event {
          values += 1
          if values == 1_000 { started.signal() }
        }
      })
    subscription.dispose()
    XCTAssertEqual(control.reason, .interrupted)
    XCTAssertGreaterThanOrEqual(values, 1_000)
    XCTAssertLessThan(values, Int.max / 2)
  }

  func testStopReachesLoopsInsideFlatMapAndConcat() {
    for make in [
      { Observable.just(1).flatMap { _ in Observable.just(2).repeat() } },
      { Observable.concat([.just(1), Observable<Int>.range(start: 0, count: Int.max / 2)]) },
    ] as [() -> Observable<Int>] {
      let control = RunControl(resubscriptionLimit: .max)
      var seen = 0
      let subscription = make().subscribe(
        Observer(lifetime: control) { _ in
          seen += 1
          if seen == 10_000 { control.stop(.interrupted) }
        })
      subscription.dispose()
      XCTAssertEqual(seen, 10_000, "the loop stopped right after the stop")
    }
  }

  func testEndlessRetryOfASynchronousErrorIsARunaway() {
    let control = RunControl(resubscriptionLimit: 1_000)
    var subscriptions = 0
    let failing = Observable<Int>.deferred {
      subscriptions += 1
      return .error(TestError())
    }
    XCTAssertEqual(run(failing.retry(), control), [])
    XCTAssertEqual(control.reason, .runaway(resubscriptions: 1_000, at: .zero))
    XCTAssertEqual(subscriptions, 1_000, "the first subscription and 999 resubscriptions")
  }

  func testEndlessRepeatOfEmptyIsARunaway() {
    let control = RunControl(resubscriptionLimit: 500)
    XCTAssertEqual(run(Observable<Int>.empty().repeat(), control), [])
    XCTAssertEqual(control.reason, .runaway(resubscriptions: 500, at: .zero))
  }

  func testRetryWhenWithASynchronousNotifierIsARunaway() {
    let control = RunControl(resubscriptionLimit: 300)
    let retried = Observable<Int>.error(TestError()).retry(when: { $0 })
    XCTAssertEqual(run(retried, control), [])
    XCTAssertEqual(control.reason, .runaway(resubscriptions: 300, at: .zero))
  }

  func testBoundedRetryAndRepeatAreNeverRunaways() {
    let control = RunControl(resubscriptionLimit: 100)
    let failing = run(Observable<Int>.error(TestError("last")).retry(1_000), control)
    XCTAssertEqual(failing, [.error(TestError("last"))])
    let repeated = run(Observable.just(1).repeat(1_000), control)
    XCTAssertEqual(repeated.count, 1_001)
    XCTAssertNil(control.reason)
  }

  func testAColdErrorAtTheSameInstantResubscribedByRetryIsARunaway() {
    let scheduler = TestScheduler()
    let control = RunControl(clock: scheduler, resubscriptionLimit: 200)
    let xs = scheduler.createColdObservable([.error(0, TestError())] as [Recorded<Int>])
    var events: [Event<Int>] = []
    var subscription: (any Disposable)?
    scheduler.scheduleAt(200) {
      subscription = xs.asObservable().retry().subscribe(Observer(lifetime: control) { events.append($0) })
    }
    scheduler.start()
    subscription?.dispose()
    XCTAssertEqual(events, [])
    XCTAssertEqual(control.reason, .runaway(resubscriptions: 200, at: .milliseconds(200)))
    XCTAssertEqual(xs.subscriptions.count, 200)
  }

  func testResubscriptionsWhileTimeMovesAreNotARunaway() {
    let scheduler = TestScheduler()
    let control = RunControl(clock: scheduler, resubscriptionLimit: 5)
    let xs = scheduler.createColdObservable([.error(1, TestError())] as [Recorded<Int>])
    var subscription: (any Disposable)?
    scheduler.scheduleAt(200) {
      subscription = xs.asObservable().retry().subscribe(Observer(lifetime: control) { _ in })
    }
    scheduler.scheduleAt(300) { subscription?.dispose() }
    scheduler.start()
    XCTAssertNil(control.reason)
    XCTAssertEqual(xs.subscriptions.count, 100)
  }

  func testTheFirstReasonIsKeptAndOnStopIsCalledOnce() {
    let control = RunControl()
    var calls: [RunControl.Reason] = []
    let recorded = UncheckedSendable(Box())
    control.onStop { recorded.value.reasons.append($0) }
    control.stop(.interrupted)
    control.stop(.runaway(resubscriptions: 1, at: .zero))
    calls = recorded.value.reasons
    XCTAssertEqual(calls, [.interrupted])
    XCTAssertEqual(control.reason, .interrupted)
    XCTAssertTrue(control.isDisposed)
  }

  /// A pausable run in slices of `nanoseconds`, resumed until it ends or `slices` ran; the
  /// values it emitted, whether it completed, and how many times it paused.
  private func runInSlices(
    _ source: Observable<Int>, nanoseconds: UInt64, slices: Int = .max, control: RunControl = RunControl()
  ) -> (values: [Int], completed: Bool, pauses: Int) {
    var values: [Int] = []
    var completed = false
    var pauses = 0
    control.onPark { pauses += 1 }
    var subscription: (any Disposable)?
    control.slice(nanoseconds: nanoseconds) {
      subscription = source.subscribe(
        Observer(lifetime: control) { event in
          switch event {
          case .next(let value): values.append(value)
          case .completed: completed = true
          case .error: XCTFail("no error expected")
          }
        })
    }
    var ran = 1
    while control.hasParkedWork && ran < slices {
      control.slice(nanoseconds: nanoseconds) { control.resume() }
      ran += 1
    }
    subscription?.dispose()
    control.dropParkedWork()
    return (values, completed, pauses)
  }

  func testAPausedRunReturnsFromItsLoopAndGoesOnWhereItStopped() {
    let count = 300_000
    let (values, completed, pauses) = runInSlices(
      Observable<Int>.range(start: 0, count: count).map { $0 * 2 }, nanoseconds: 200_000)
    XCTAssertGreaterThan(pauses, 0, "the loop handed its work back")
    XCTAssertTrue(completed)
    XCTAssertEqual(values, (0..<count).map { $0 * 2 }, "every value once, in order")
  }

  func testPausedLoopsOfOneRunResumeInTheirOrder() {
    let count = 100_000
    let merged = Observable<Int>.range(start: 0, count: count).merge(with: .range(start: count, count: count))
    let unpaused = run(merged, RunControl()).compactMap { event -> Int? in
      if case .next(let value) = event { return value }
      return nil
    }
    let (values, completed, pauses) = runInSlices(merged, nanoseconds: 100_000)
    XCTAssertGreaterThan(pauses, 0)
    XCTAssertTrue(completed)
    XCTAssertEqual(values, unpaused)
  }

  func testAnEndlessLoopPausesAtEverySliceAndAStoppedRunDoesNotResume() {
    let control = RunControl()
    let (values, completed, pauses) = runInSlices(
      Observable<Int>.range(start: 0, count: Int.max / 2), nanoseconds: 1_000_000, slices: 3, control: control
    )
    XCTAssertEqual(pauses, 3)
    XCTAssertFalse(completed)
    XCTAssertEqual(values, Array(0..<values.count))
    control.stop(.interrupted)
    XCTAssertFalse(control.hasParkedWork)
    XCTAssertFalse(control.isPaused)
  }

  func testARunWithNobodyToResumeItIsNeverPaused() {
    let control = RunControl()
    var values = 0
    control.slice(nanoseconds: 1) {
      Thread.sleep(forTimeInterval: 0.01)  // the slice's time is up before the loop starts
      _ = Observable<Int>.range(start: 0, count: 10_000).subscribe(
        Observer(lifetime: control) { if case .next = $0 { values += 1 } })
    }
    XCTAssertEqual(values, 10_000)
    XCTAssertFalse(control.isPaused)
  }

  private final class Box { var reasons: [RunControl.Reason] = [] }
}
