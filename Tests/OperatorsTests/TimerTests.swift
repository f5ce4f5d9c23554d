import Operators
import OperatorsTestSupport
import XCTest

final class TimerTests: LeakCheckingTestCase {
  func testOneShotTimerEmitsZeroAndCompletes() {
    let scheduler = TestScheduler()
    let res = scheduler.start { Observable<Int>.timer(ms(300), scheduler: scheduler) }
    XCTAssertEqual(res.events, [.next(500, 0), .completed(500)])
  }

  func testZeroDueTimeFiresAtSubscriptionTime() {
    let scheduler = TestScheduler()
    let res = scheduler.start { Observable<Int>.timer(.zero, scheduler: scheduler) }
    XCTAssertEqual(res.events, [.next(200, 0), .completed(200)])
  }

  func testDisposingBeforeDueCancelsTheTimer() {
    let scheduler = TestScheduler()
    let res = scheduler.start(disposed: 300) { Observable<Int>.timer(ms(500), scheduler: scheduler) }
    XCTAssertEqual(res.events, [])
    XCTAssertTrue(scheduler.clock.isIdle)
  }

  func testPeriodicTimerStartsAfterDueTimeThenTicksEveryPeriod() {
    let scheduler = TestScheduler()
    let res = scheduler.start(disposed: 400) {
      Observable<Int>.timer(ms(100), period: ms(50), scheduler: scheduler)
    }
    XCTAssertEqual(res.events, [.next(300, 0), .next(350, 1)])
    XCTAssertTrue(scheduler.clock.isIdle)
  }

  func testPeriodicTimerStopsWhenTakeIsSatisfied() {
    let scheduler = TestScheduler()
    let res = scheduler.start {
      Observable<Int>.timer(.zero, period: ms(30), scheduler: scheduler).take(3)
    }
    XCTAssertEqual(res.events, [.next(200, 0), .next(230, 1), .next(260, 2), .completed(260)])
  }

  /// RxSwift schedules the next tick before emitting, so a debounce as long as the period
  /// is always cancelled by the next tick at the same instant and never emits.
  func testNextTickIsScheduledBeforeTheEmission() {
    let scheduler = TestScheduler()
    let res = scheduler.start {
      Observable<Int>.timer(ms(100), period: ms(100), scheduler: scheduler)
        .debounce(ms(100), scheduler: scheduler)
    }
    XCTAssertEqual(res.events, [])
  }
}
