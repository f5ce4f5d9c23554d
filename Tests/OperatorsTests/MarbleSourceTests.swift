import Operators
import OperatorsTestSupport
import XCTest

final class MarbleSourceTests: LeakCheckingTestCase {
  func testColdPlaysRelativeToTheSubscription() throws {
    let scheduler = TestScheduler()
    let diagram = try MarbleDiagram(cold: "-a-(bc)|")
    let res = scheduler.start { Observable.marbles(diagram, values: { String($0) }, scheduler: scheduler) }
    XCTAssertEqual(res.events, [.next(201, "a"), .next(203, "b"), .next(203, "c"), .completed(207)])
  }

  /// As in RxJS and RxTest, a cold source's events at time zero come on the scheduler.
  func testColdEventsAtZeroComeOnTheScheduler() throws {
    let scheduler = TestScheduler()
    let xs = Observable.marbles(try MarbleDiagram(cold: "(a|)"), values: { $0 }, scheduler: scheduler)
    let observer = scheduler.createObserver(Character.self)
    let subscription = xs.subscribe(observer.asObserver())
    XCTAssertEqual(observer.events, [])
    scheduler.start()
    XCTAssertEqual(observer.events, [.next(0, "a"), .completed(0)])
    subscription.dispose()
  }

  func testColdMakesItsErrorAnewEachTime() throws {
    let scheduler = TestScheduler()
    var made = 0
    func makeError() -> any Error {
      made += 1
      return TestError("e\(made)")
    }
    let xs = Observable.marbles(
      try MarbleDiagram(cold: "-#"), values: { $0 }, error: makeError(), scheduler: scheduler)
    let first = scheduler.start(created: 0, subscribed: 0, disposed: 10) { xs }
    let second = scheduler.start(created: 20, subscribed: 20, disposed: 30) { xs }
    XCTAssertEqual(first.events, [.error(1, TestError("e1"))])
    XCTAssertEqual(second.events, [.error(21, TestError("e2"))])
  }

  func testColdDisposedEarlyCancelsWhatIsPending() throws {
    let scheduler = TestScheduler()
    let diagram = try MarbleDiagram(cold: "-a-b-c|")
    let res = scheduler.start(disposed: 202) {
      Observable.marbles(diagram, values: { $0 }, scheduler: scheduler)
    }
    XCTAssertEqual(res.events, [.next(201, "a")])
  }

  func testEverySubscriptionToAColdSourceGetsItsOwnTimeline() {
    let scheduler = TestScheduler()
    let xs = scheduler.cold("-a|")
    let first = scheduler.createObserver(String.self)
    let second = scheduler.createObserver(String.self)
    scheduler.scheduleAt(0) { xs.asObservable().subscribe(first.asObserver()) }
    scheduler.scheduleAt(5) { xs.asObservable().subscribe(second.asObserver()) }
    scheduler.start()
    XCTAssertEqual(first.events, [.next(1, "a"), .completed(2)])
    XCTAssertEqual(second.events, [.next(6, "a"), .completed(7)])
    assertSubscriptions(xs.subscriptions, "^-!", "-----^-!")
  }

  func testRecordSubscribesAndDisposesAtTheSubscriptionDiagram() {
    let scheduler = TestScheduler()
    let xs = scheduler.cold("-a-b-c|")
    let res = scheduler.record("--^---!") { xs.asObservable() }
    XCTAssertEqual(res.events, [.next(3, "a"), .next(5, "b")])
    assertSubscriptions(xs.subscriptions, "--^---!")
  }

  /// The language's example: "fails twice, then succeeds", then succeeds again.
  func testAttemptsPlayOneDiagramEachAndRepeatTheLast() {
    let scheduler = TestScheduler()
    let xs = scheduler.cold(attempts: ["100ms #", "100ms #", "100ms (a|)"])
    let observers = (0..<4).map { _ in scheduler.createObserver(String.self) }
    for (index, observer) in observers.enumerated() {
      scheduler.scheduleAt(index * 200) { xs.asObservable().subscribe(observer.asObserver()) }
    }
    scheduler.start()
    XCTAssertEqual(
      observers.map(\.events),
      [
        [.error(100, TestError())], [.error(300, TestError())],
        [.next(500, "a"), .completed(500)], [.next(700, "a"), .completed(700)],
      ])
    assertSubscriptions(
      xs.subscriptions, "^ 99ms !", " 200ms ^ 99ms !", " 400ms ^ 99ms !", " 600ms ^ 99ms !")
  }

  func testNoAttemptsNeverEmit() {
    let scheduler = TestScheduler()
    let xs = Observable<Character>.marbles(attempts: [], values: { $0 }, scheduler: scheduler)
    let res = scheduler.start { xs }
    XCTAssertEqual(res.events, [])
  }
}
