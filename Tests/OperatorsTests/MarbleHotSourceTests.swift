import Operators
import OperatorsTestSupport
import XCTest

final class MarbleHotSourceTests: LeakCheckingTestCase {
  /// Subscribers share one timeline from `^`; what came before their subscription is gone.
  func testSubscribersShareTheTimeline() {
    let scheduler = TestScheduler()
    let xs = scheduler.hot("-a-^-b-c-|")
    let early = scheduler.record { xs.asObservable() }
    XCTAssertEqual(early.events, [.next(2, "b"), .next(4, "c"), .completed(6)])

    let scheduler2 = TestScheduler()
    let ys = scheduler2.hot("-a-^-b-c-|")
    let late = scheduler2.record("---^") { ys.asObservable() }
    XCTAssertEqual(late.events, [.next(4, "c"), .completed(6)])
    assertSubscriptions(ys.subscriptions, "---^--!")
  }

  /// Two subscribers of one hot source, side by side, in subscription order.
  func testEventsReachSubscribersInSubscriptionOrder() {
    let scheduler = TestScheduler()
    let xs = scheduler.hot("^-a-b|")
    var seen: [String] = []
    let first = xs.asObservable().subscribe(onNext: { seen.append("1\($0)") })
    scheduler.scheduleAt(3) { _ = xs.asObservable().subscribe(onNext: { seen.append("2\($0)") }) }
    scheduler.start()
    XCTAssertEqual(seen, ["1a", "1b", "2b"])
    first.dispose()
    assertSubscriptions(xs.subscriptions, "^----!", "---^-!")
  }

  /// As RxTest's hot observable: a subscriber arriving after the end gets nothing, not even
  /// the end (RxSwift 6.10: `hot "-a-#"` subscribed at 5 records no event).
  func testLateSubscriberGetsNothing() {
    let scheduler = TestScheduler()
    let xs = scheduler.hot("-a-#", error: TestError("boom"))
    let late = scheduler.record("-----^-----!") { xs.asObservable() }
    XCTAssertEqual(late.events, [])
    assertSubscriptions(xs.subscriptions, "-----^-----!")
  }

  /// `retry` on a hot source that errs resubscribes once, after the error, and then waits:
  /// RxSwift's `hot "--#" | retry` records no event and two subscriptions, and does not spin.
  func testRetryOnAnEndedHotSourceWaitsQuietly() {
    let scheduler = TestScheduler()
    let xs = scheduler.hot("--#")
    let res = scheduler.record("^-------!") { xs.asObservable().retry() }
    XCTAssertEqual(res.events, [])
    assertSubscriptions(xs.subscriptions, "^-!", "--^-----!")
  }

  /// An event reaches those subscribed when it is due, not a subscriber it makes.
  func testSubscriberMadeByAnEventDoesNotGetIt() {
    let scheduler = TestScheduler()
    let xs = scheduler.hot("-a-b|")
    var seen: [String] = []
    var inner: (any Disposable)?
    let outer = xs.asObservable().take(1).subscribe(onNext: { first in
      seen.append("1\(first)")
      inner = xs.asObservable().subscribe(onNext: { seen.append("2\($0)") })
    })
    scheduler.start()
    XCTAssertEqual(seen, ["1a", "2b"])
    outer.dispose()
    inner?.dispose()
  }

  func testEventOnTheSubscriptionFrameReachesAnEarlySubscriber() {
    let scheduler = TestScheduler()
    let xs = scheduler.hot("-a(^b)-c|")
    let res = scheduler.record { xs.asObservable() }
    XCTAssertEqual(res.events, [.next(0, "b"), .next(5, "c"), .completed(6)])
  }

  func testDisposingTheSourceCancelsItsTimeline() throws {
    let scheduler = TestScheduler()
    let hot = HotMarbles(try MarbleDiagram(hot: "-a-b|"), values: { $0 }, scheduler: scheduler)
    let observer = scheduler.createObserver(Character.self)
    let subscription = hot.asObservable().subscribe(observer.asObserver())
    scheduler.advance(to: 2)
    hot.dispose()
    scheduler.start()
    XCTAssertEqual(observer.events, [.next(1, "a")])
    subscription.dispose()
  }

  func testHotStartsWhereTheClockIs() {
    let scheduler = TestScheduler(initialClock: 100)
    let xs = scheduler.hot("-a|", values: ["a": 7])
    let res = scheduler.record { xs.asObservable() }
    XCTAssertEqual(res.events, [.next(101, 7), .completed(102)])
  }
}
