import Operators
import OperatorsTestSupport
import XCTest

final class HedgeTests: LeakCheckingTestCase {
  /// A source whose n-th subscription plays `attempts[n-1]`.
  private func attempts(_ scripts: [TestableObservable<Int>]) -> Observable<Int> {
    var next = 0
    return Observable.deferred {
      defer { next += 1 }
      return scripts[next].asObservable()
    }
  }

  func testASlowFirstAttemptLosesToTheHedgeStartedAfterTheDelay() {
    let scheduler = TestScheduler()
    let slow = scheduler.createColdObservable([.next(100, 1), .completed(110)])
    let fast = scheduler.createColdObservable([.next(20, 2), .completed(30)])
    let res = scheduler.start {
      self.attempts([slow, fast]).hedge(after: ms(50), maxHedged: 1, scheduler: scheduler)
    }
    XCTAssertEqual(res.events, [.next(270, 2), .completed(280)])
    XCTAssertEqual(slow.subscriptions, [Subscription(200, 270)])
    XCTAssertEqual(fast.subscriptions, [Subscription(250, 280)])
  }

  func testAnAnswerBeforeTheDelayStartsNoOtherAttempt() {
    let scheduler = TestScheduler()
    let quick = scheduler.createColdObservable([.next(30, 1), .completed(40)])
    let unused = scheduler.createColdObservable([.next(1, 2), .completed(2)])
    let res = scheduler.start {
      self.attempts([quick, unused]).hedge(after: ms(50), maxHedged: 1, scheduler: scheduler)
    }
    XCTAssertEqual(res.events, [.next(230, 1), .completed(240)])
    XCTAssertEqual(quick.subscriptions, [Subscription(200, 240)])
    XCTAssertEqual(unused.subscriptions, [])
  }

  func testNoMoreThanMaxHedgedAttemptsBesidesTheFirst() {
    let scheduler = TestScheduler()
    let silent = (0..<4).map { _ in scheduler.createColdObservable([] as [Recorded<Int>]) }
    let res = scheduler.start {
      self.attempts(silent).hedge(after: ms(10), maxHedged: 2, scheduler: scheduler)
    }
    XCTAssertEqual(res.events, [])
    XCTAssertEqual(
      silent.map(\.subscriptions),
      [[Subscription(200, 1000)], [Subscription(210, 1000)], [Subscription(220, 1000)], []])
  }

  func testAnErrorStartsTheNextAttemptAtOnceAndTheLastErrorEndsIt() {
    let scheduler = TestScheduler()
    let failing = (0..<3).map { _ in
      scheduler.createColdObservable([.error(10, TestError())] as [Recorded<Int>])
    }
    let res = scheduler.start {
      self.attempts(failing).hedge(after: ms(50), maxHedged: 2, scheduler: scheduler)
    }
    XCTAssertEqual(res.events, [.error(230, TestError())])
    XCTAssertEqual(
      failing.map(\.subscriptions),
      [[Subscription(200, 210)], [Subscription(210, 220)], [Subscription(220, 230)]])
  }

  func testAnErrorWaitsForTheAttemptsStillRunning() {
    let scheduler = TestScheduler()
    let failing = scheduler.createColdObservable([.error(100, TestError())] as [Recorded<Int>])
    let answering = scheduler.createColdObservable([.next(60, 7), .completed(70)])
    let res = scheduler.start {
      self.attempts([failing, answering]).hedge(after: ms(50), maxHedged: 1, scheduler: scheduler)
    }
    // The first attempt fails at 300, while the hedge (from 250) is still out: it answers at 310.
    XCTAssertEqual(res.events, [.next(310, 7), .completed(320)])
    XCTAssertEqual(failing.subscriptions, [Subscription(200, 300)])
    XCTAssertEqual(answering.subscriptions, [Subscription(250, 320)])
  }

  func testTheWinnersLaterErrorIsForwarded() {
    let scheduler = TestScheduler()
    let first = scheduler.createColdObservable([.next(10, 1), .error(20, TestError())])
    let res = scheduler.start {
      self.attempts([first, first]).hedge(after: ms(50), maxHedged: 1, scheduler: scheduler)
    }
    XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError())])
    XCTAssertEqual(first.subscriptions, [Subscription(200, 220)])
  }
}
