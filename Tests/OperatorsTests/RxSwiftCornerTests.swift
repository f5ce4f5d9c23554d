import Operators
import OperatorsTestSupport
import XCTest

/// Corners where operators of different families meet, checked against RxSwift 6's
/// behaviour event for event. The single-family corners live with their operator:
/// `DelayTests.testErrorDropsTheValuesStillWaiting`,
/// `CatchTests.testCatchSubscribesTheFallbackAtTheErrorsTime` and
/// `DoTests.testDoOnErrorBeforeRetryRunsPerAttemptAfterItOnce`.
final class RxSwiftCornerTests: LeakCheckingTestCase {
  private func flatMapSources(_ scheduler: TestScheduler) -> (
    outer: TestableObservable<Int>, inners: [Int: TestableObservable<Int>]
  ) {
    let outer = scheduler.createHotObservable([
      .next(210, 1), .next(250, 2), .next(300, 3), .completed(400),
    ])
    let inners = [
      1: scheduler.createColdObservable([.next(5, 10), .next(100, 11), .completed(200)]),
      2: scheduler.createColdObservable([.next(5, 20), .error(10, TestError("inner"))]),
      3: scheduler.createColdObservable([.next(5, 30), .completed(20)]),
    ]
    return (outer, inners)
  }

  func testMaterializeInsideFlatMapKeepsTheOuterStreamAlive() {
    let scheduler = TestScheduler()
    let (xs, inners) = flatMapSources(scheduler)
    let res = scheduler.start {
      xs.asObservable().flatMap { inners[$0]!.asObservable().materialize() }
    }
    XCTAssertEqual(
      res.events,
      [
        .next(215, .next(10)), .next(255, .next(20)), .next(260, .error(TestError("inner"))),
        .next(305, .next(30)), .next(310, .next(11)), .next(320, .completed),
        .next(410, .completed), .completed(410),
      ])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
    XCTAssertEqual(inners[1]!.subscriptions, [Subscription(210, 410)])
    XCTAssertEqual(inners[2]!.subscriptions, [Subscription(250, 260)])
    XCTAssertEqual(inners[3]!.subscriptions, [Subscription(300, 320)])
  }

  func testUncaughtInnerErrorEndsFlatMapAndDisposesEverythingAtItsTick() {
    let scheduler = TestScheduler()
    let (xs, inners) = flatMapSources(scheduler)
    let res = scheduler.start { xs.asObservable().flatMap { inners[$0]!.asObservable() } }
    XCTAssertEqual(res.events, [.next(215, 10), .next(255, 20), .error(260, TestError("inner"))])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 260)])
    XCTAssertEqual(inners[1]!.subscriptions, [Subscription(210, 260)])
    XCTAssertEqual(inners[2]!.subscriptions, [Subscription(250, 260)])
    XCTAssertEqual(inners[3]!.subscriptions, [])
  }

  func testConcatUnderRetryReplaysTheFirstSourcesValues() {
    let scheduler = TestScheduler()
    let a = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
    let b = scheduler.createColdObservable([.next(10, 3), .error(20, TestError("b"))])
    let res = scheduler.start { a.asObservable().concat(b.asObservable()).retry(2) }
    XCTAssertEqual(
      res.events,
      [
        .next(210, 1), .next(220, 2), .next(240, 3),
        .next(260, 1), .next(270, 2), .next(290, 3), .error(300, TestError("b")),
      ])
    XCTAssertEqual(a.subscriptions, [Subscription(200, 230), Subscription(250, 280)])
    XCTAssertEqual(b.subscriptions, [Subscription(230, 250), Subscription(280, 300)])
  }

  /// RxSwift's `ShareWhileConnected` forgets its connection before it passes on an error, so
  /// the first observer's retry makes a new connection and the second one's joins it: two
  /// retrying observers cost one source subscription per attempt, not one each.
  func testTwoRetryingObserversOfAShareRejoinOneConnection() {
    let scheduler = TestScheduler()
    let xs = scheduler.createColdObservable([.next(10, 1), .error(20, TestError())])
    let shared = xs.asObservable().share()
    let first = scheduler.record({ shared.retry(2) }, from: 200)
    let second = scheduler.record({ shared.retry(3) }, from: 215)
    scheduler.start()
    XCTAssertEqual(first.events, [.next(210, 1), .next(230, 1), .error(240, TestError())])
    XCTAssertEqual(
      second.events, [.next(230, 1), .next(250, 1), .error(260, TestError())],
      "the second observer's third attempt is a connection of its own")
    XCTAssertEqual(
      xs.subscriptions, [Subscription(200, 220), Subscription(220, 240), Subscription(240, 260)])
  }

  /// RxSwift's `test_whileConnected_error`: observers that resubscribe from inside their
  /// error handler share the new connection, whatever the replay count.
  func testObserversResubscribingOnErrorShareTheNewConnection() {
    for replay in 0..<5 {
      let scheduler = TestScheduler()
      let xs = scheduler.createHotObservable([
        .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5),
        .next(320, 6), .error(330, TestError()), .next(340, -1), .next(550, 7),
      ])
      let shared = xs.asObservable().share(replay: replay)
      let first = ResubscribingRecorder(scheduler, shared, from: 200, to: 350)
      let second = ResubscribingRecorder(scheduler, shared, from: 300, to: 400)
      let third = scheduler.record({ shared }, from: 500, to: 600)
      scheduler.start()
      XCTAssertEqual(
        first.before.events,
        [
          .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5),
          .next(320, 6), .error(330, TestError()),
        ])
      XCTAssertEqual(first.after.events, [.next(340, -1)], "replay \(replay)")
      let replayed = (0..<replay).map { Recorded.next(300, 6 - replay + $0) }
      XCTAssertEqual(second.before.events, replayed + [.next(320, 6), .error(330, TestError())])
      XCTAssertEqual(second.after.events, [.next(340, -1)], "replay \(replay)")
      XCTAssertEqual(third.events, [.next(550, 7)])
      XCTAssertEqual(
        xs.subscriptions, [Subscription(200, 330), Subscription(330, 400), Subscription(500, 600)])
    }
  }

  func testSynchronousFailuresUnderShareAndRetryConnectOncePerAttempt() {
    var connections = 0
    let shared = Observable<Int>.create { observer in
      connections += 1
      observer.onError(TestError())
      return Disposables.empty
    }.share()
    var errors = 0
    shared.retry(3).subscribe(onError: { _ in errors += 1 })
    shared.retry(3).subscribe(onError: { _ in errors += 1 })
    XCTAssertEqual(connections, 6)
    XCTAssertEqual(errors, 2)
  }
}

/// Subscribes `source` at `start`; on its stop event, records it and subscribes again with a
/// second recorder, from inside the handler. Disposes whichever subscription is live at `end`.
private final class ResubscribingRecorder<Element> {
  let before: TestableObserver<Element>
  let after: TestableObserver<Element>
  private var subscription: (any Disposable)?

  init(_ scheduler: TestScheduler, _ source: Observable<Element>, from start: Int, to end: Int) {
    before = scheduler.createObserver(Element.self)
    after = scheduler.createObserver(Element.self)
    scheduler.scheduleAt(start) { [self] in
      subscription = source.subscribe(
        Observer { [self] event in
          before.on(event)
          if event.isStopEvent { subscription = source.subscribe(after.asObserver()) }
        })
    }
    scheduler.scheduleAt(end) { [self] in
      subscription?.dispose()
      subscription = nil
    }
  }
}
