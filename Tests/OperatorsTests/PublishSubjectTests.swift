import Operators
import OperatorsTestSupport
import XCTest

final class PublishSubjectTests: LeakCheckingTestCase {
  func testSubscribersGetOnlyWhatFollowsTheirSubscription() {
    let scheduler = TestScheduler()
    let subject = PublishSubject<Int>()
    scheduler.feed(subject, [.next(210, 1), .next(300, 2), .next(400, 3), .completed(500)])
    let early = scheduler.record({ subject.asObservable() }, from: 200, to: 350)
    let late = scheduler.record({ subject.asObservable() }, from: 250)
    let afterStop = scheduler.record({ subject.asObservable() }, from: 600)
    scheduler.start()
    XCTAssertEqual(early.events, [.next(210, 1), .next(300, 2)])
    XCTAssertEqual(late.events, [.next(300, 2), .next(400, 3), .completed(500)])
    XCTAssertEqual(afterStop.events, [.completed(600)])
  }

  func testErrorReachesCurrentAndLateSubscribersAndLaterEventsAreIgnored() {
    let scheduler = TestScheduler()
    let subject = PublishSubject<Int>()
    scheduler.feed(
      subject, [.next(210, 1), .error(300, TestError("x")), .next(310, 2), .completed(320)])
    let current = scheduler.record({ subject.asObservable() }, from: 200)
    let late = scheduler.record({ subject.asObservable() }, from: 400)
    scheduler.start()
    XCTAssertEqual(current.events, [.next(210, 1), .error(300, TestError("x"))])
    XCTAssertEqual(late.events, [.error(400, TestError("x"))])
  }

  func testHasObserversFollowsSubscriptionsAndStop() {
    let subject = PublishSubject<Int>()
    XCTAssertFalse(subject.hasObservers)
    let first = subject.subscribe(onNext: { _ in })
    let second = subject.subscribe(onNext: { _ in })
    XCTAssertTrue(subject.hasObservers)
    first.dispose()
    XCTAssertTrue(subject.hasObservers)
    second.dispose()
    XCTAssertFalse(subject.hasObservers)
    _ = subject.subscribe(onNext: { _ in })
    subject.onCompleted()
    XCTAssertFalse(subject.hasObservers)
  }

  func testDisposedSubjectRejectsSubscribersAndIgnoresEvents() {
    let subject = PublishSubject<Int>()
    var received: [Int] = []
    _ = subject.subscribe(onNext: { received.append($0) })
    subject.onNext(1)
    subject.dispose()
    subject.onNext(2)
    XCTAssertTrue(subject.isDisposed)
    XCTAssertFalse(subject.hasObservers)
    var late: (any Error)?
    _ = subject.subscribe(onError: { late = $0 })
    XCTAssertEqual(received, [1])
    XCTAssertEqual(late as? SubjectDisposedError, SubjectDisposedError())
  }

  func testSubscribingDuringDeliveryJoinsFromTheNextEvent() {
    let subject = PublishSubject<Int>()
    var log: [String] = []
    var inner: (any Disposable)?
    let outer = subject.subscribe(onNext: { value in
      log.append("outer \(value)")
      if inner == nil { inner = subject.subscribe(onNext: { log.append("inner \($0)") }) }
    })
    subject.onNext(1)
    subject.onNext(2)
    XCTAssertEqual(log, ["outer 1", "outer 2", "inner 2"])
    outer.dispose()
    inner?.dispose()
  }

  func testUnsubscribingDuringDeliveryStopsFromTheNextEvent() {
    let subject = PublishSubject<Int>()
    var log: [String] = []
    var second: (any Disposable)?
    let first = subject.subscribe(onNext: { value in
      log.append("first \(value)")
      second?.dispose()
    })
    second = subject.subscribe(onNext: { log.append("second \($0)") })
    subject.onNext(1)
    subject.onNext(2)
    XCTAssertEqual(log, ["first 1", "second 1", "first 2"])
    first.dispose()
  }

  func testAsObserverFeedsSubscribers() {
    let scheduler = TestScheduler()
    let subject = PublishSubject<Int>()
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
    scheduler.scheduleAt(200) { _ = xs.asObservable().subscribe(subject.asObserver()) }
    let res = scheduler.record({ subject.asObservable().map { $0 * 10 } }, from: 215)
    scheduler.start()
    XCTAssertEqual(res.events, [.next(220, 20), .completed(230)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
  }
}
