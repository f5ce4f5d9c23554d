import Operators
import OperatorsTestSupport
import XCTest

final class ReplaySubjectTests: LeakCheckingTestCase {
  func testLateSubscriberGetsTheLastValuesThenWhatFollows() {
    let scheduler = TestScheduler()
    let subject = ReplaySubject<Int>.create(bufferSize: 2)
    scheduler.feed(subject, [.next(210, 1), .next(220, 2), .next(230, 3), .next(400, 4)])
    let early = scheduler.record({ subject.asObservable() }, from: 200, to: 300)
    let late = scheduler.record({ subject.asObservable() }, from: 300)
    scheduler.start()
    XCTAssertEqual(early.events, [.next(210, 1), .next(220, 2), .next(230, 3)])
    XCTAssertEqual(late.events, [.next(300, 2), .next(300, 3), .next(400, 4)])
  }

  func testSubscriberAfterCompletionGetsKeptValuesAndCompletion() {
    let scheduler = TestScheduler()
    let subject = ReplaySubject<Int>.create(bufferSize: 1)
    scheduler.feed(subject, [.next(210, 1), .next(220, 2), .completed(230), .next(240, 3)])
    let late = scheduler.record({ subject.asObservable() }, from: 300)
    scheduler.start()
    XCTAssertEqual(late.events, [.next(300, 2), .completed(300)])
    XCTAssertFalse(subject.hasObservers)
  }

  func testSubscriberAfterErrorGetsKeptValuesAndError() {
    let scheduler = TestScheduler()
    let subject = ReplaySubject<Int>.createUnbounded()
    scheduler.feed(subject, [.next(210, 1), .next(220, 2), .error(230, TestError("x"))])
    let late = scheduler.record({ subject.asObservable() }, from: 300)
    scheduler.start()
    XCTAssertEqual(late.events, [.next(300, 1), .next(300, 2), .error(300, TestError("x"))])
  }

  func testUnboundedKeepsEverythingAndZeroKeepsNothing() {
    let all = ReplaySubject<Int>.createUnbounded()
    let none = ReplaySubject<Int>.create(bufferSize: 0)
    for value in 1...10 {
      all.onNext(value)
      none.onNext(value)
    }
    var fromAll: [Int] = []
    var fromNone: [Int] = []
    all.subscribe(onNext: { fromAll.append($0) }).dispose()
    none.subscribe(onNext: { fromNone.append($0) }).dispose()
    XCTAssertEqual(fromAll, Array(1...10))
    XCTAssertEqual(fromNone, [])
  }

  func testBoundedBufferKeepsTheLatestAcrossManyValues() {
    let subject = ReplaySubject<Int>.create(bufferSize: 3)
    for value in 1...10 { subject.onNext(value) }
    var replayed: [Int] = []
    subject.subscribe(onNext: { replayed.append($0) }).dispose()
    XCTAssertEqual(replayed, [8, 9, 10])
  }

  func testDisposedSubjectRejectsSubscribers() {
    let subject = ReplaySubject<Int>.create(bufferSize: 3)
    subject.onNext(1)
    subject.dispose()
    var events: [Event<Int>] = []
    _ = subject.subscribe(Observer { events.append($0) })
    XCTAssertEqual(events, [.error(SubjectDisposedError())])
    XCTAssertTrue(subject.isDisposed)
  }

  /// As in RxSwift, a subscriber joins after its replay: a value pushed during the replay is
  /// kept for later subscribers but does not reach the one being replayed to.
  func testValuePushedDuringReplayIsKeptButNotDeliveredToTheReplayedSubscriber() {
    let subject = ReplaySubject<Int>.create(bufferSize: 5)
    subject.onNext(1)
    subject.onNext(2)
    var received: [Int] = []
    let subscription = subject.subscribe(onNext: { value in
      received.append(value)
      if value == 1 { subject.onNext(3) }
    })
    subject.onNext(4)
    var later: [Int] = []
    subject.subscribe(onNext: { later.append($0) }).dispose()
    XCTAssertEqual(received, [1, 2, 4])
    XCTAssertEqual(later, [1, 2, 3, 4])
    subscription.dispose()
  }
}
