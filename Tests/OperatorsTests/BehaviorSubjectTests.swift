import Operators
import OperatorsTestSupport
import XCTest

final class BehaviorSubjectTests: LeakCheckingTestCase {
  func testSubscriberGetsCurrentValueThenWhatFollows() {
    let scheduler = TestScheduler()
    let subject = BehaviorSubject(value: 100)
    scheduler.feed(subject, [.next(210, 1), .next(300, 2), .next(400, 3), .completed(500)])
    let first = scheduler.record({ subject.asObservable() }, from: 200, to: 350)
    let second = scheduler.record({ subject.asObservable() }, from: 250)
    let afterStop = scheduler.record({ subject.asObservable() }, from: 600)
    scheduler.start()
    XCTAssertEqual(first.events, [.next(200, 100), .next(210, 1), .next(300, 2)])
    XCTAssertEqual(second.events, [.next(250, 1), .next(300, 2), .next(400, 3), .completed(500)])
    XCTAssertEqual(afterStop.events, [.completed(600)])
  }

  func testValueFollowsTheSubjectAndSurvivesCompletion() throws {
    let subject = BehaviorSubject(value: "a")
    XCTAssertEqual(try subject.value(), "a")
    subject.onNext("b")
    XCTAssertEqual(try subject.value(), "b")
    subject.onCompleted()
    subject.onNext("c")
    XCTAssertEqual(try subject.value(), "b")
    XCTAssertFalse(subject.hasObservers)
  }

  func testErrorIsThrownByValueAndGivenToLateSubscribers() {
    let scheduler = TestScheduler()
    let subject = BehaviorSubject(value: 0)
    scheduler.feed(subject, [.next(210, 1), .error(220, TestError("x"))])
    let current = scheduler.record({ subject.asObservable() }, from: 200)
    let late = scheduler.record({ subject.asObservable() }, from: 300)
    scheduler.start()
    XCTAssertEqual(current.events, [.next(200, 0), .next(210, 1), .error(220, TestError("x"))])
    XCTAssertEqual(late.events, [.error(300, TestError("x"))])
    XCTAssertThrowsError(try subject.value()) { XCTAssertEqual($0 as? TestError, TestError("x")) }
  }

  func testDisposedSubjectThrowsAndRejectsSubscribers() {
    let subject = BehaviorSubject(value: 1)
    subject.dispose()
    XCTAssertTrue(subject.isDisposed)
    XCTAssertThrowsError(try subject.value()) { XCTAssertTrue($0 is SubjectDisposedError) }
    var events: [Event<Int>] = []
    _ = subject.subscribe(Observer { events.append($0) })
    XCTAssertEqual(events, [.error(SubjectDisposedError())])
  }

  func testSubscriberAddedDuringDeliveryGetsTheNewValueOnce() {
    let subject = BehaviorSubject(value: 0)
    var log: [String] = []
    var inner: (any Disposable)?
    let outer = subject.subscribe(onNext: { value in
      log.append("outer \(value)")
      if value == 1 { inner = subject.subscribe(onNext: { log.append("inner \($0)") }) }
    })
    subject.onNext(1)
    subject.onNext(2)
    XCTAssertEqual(log, ["outer 0", "outer 1", "inner 1", "outer 2", "inner 2"])
    outer.dispose()
    inner?.dispose()
  }
}
