import Foundation
import Operators
import OperatorsTestSupport
import XCTest

/// The turn loop (`TurnLoopSink`) of `concat`, `repeat` and `retry`: a run paused between two
/// synchronous turns hands the loop to its control and goes on, in order, when resumed; a run
/// that is not paused takes every turn at once; a loop whose subscription ended takes no
/// further turn when resumed.
final class TurnLoopTests: LeakCheckingTestCase {
  /// A pausable run whose every slice is paused before its work starts, so a turn loop
  /// parks at its first synchronous turn: the events after each slice (TurnLoopValueTests
  /// too).
  final class PausedRun<Element> {
    let control = RunControl()
    var events: [Event<Element>] = []
    var pauses = 0
    var subscription: (any Disposable)?

    init() { control.onPark { [unowned self] in pauses += 1 } }

    /// Runs `work` in a slice once the slice's request to pause has arrived (it arrives from
    /// another thread a nanosecond in): fails if it does not within five seconds.
    func pausedSlice(_ work: () -> Void) {
      control.slice(nanoseconds: 1) {
        let deadline = Date().addingTimeInterval(5)
        while !control.isPaused && Date() < deadline { sched_yield() }
        XCTAssertTrue(control.isPaused, "the slice's pause never arrived")
        work()
      }
    }

    func start(_ source: Observable<Element>) {
      pausedSlice {
        subscription = source.subscribe(Observer(lifetime: control) { self.events.append($0) })
      }
    }

    func resume() { pausedSlice { control.resume() } }

    /// Resumes in a slice that is not paused before its work is done.
    func resumeUnpaused() { control.slice(nanoseconds: 60_000_000_000) { control.resume() } }

    func end() {
      subscription?.dispose()
      subscription = nil
      control.dropParkedWork()
    }
  }

  private func values(_ events: [Event<Int>]) -> [Int] {
    events.compactMap { if case .next(let value) = $0 { value } else { nil } }
  }

  func testAPausedConcatPlaysOneSourcePerSliceInOrder() {
    let run = PausedRun<Int>()
    run.start(.concat([.just(1), .just(2), .just(3)]))
    XCTAssertEqual(values(run.events), [1], "the loop stopped before its second turn")
    XCTAssertEqual(run.pauses, 1)
    run.resume()
    XCTAssertEqual(values(run.events), [1, 2])
    run.resume()
    XCTAssertEqual(run.events, [.next(1), .next(2), .next(3)])
    // The loop learns that no source is left at its next turn, which the pause holds too.
    XCTAssertEqual(run.pauses, 3)
    run.resume()
    XCTAssertEqual(run.events, [.next(1), .next(2), .next(3), .completed])
    XCTAssertFalse(run.control.hasParkedWork)
    run.end()
  }

  func testAConcatThatIsNotPausedTakesEveryTurnAtOnce() {
    let control = RunControl()
    control.onPark { XCTFail("nothing to park") }
    var events: [Event<Int>] = []
    control.slice(nanoseconds: 60_000_000_000) {
      _ = Observable.concat([.just(1), .just(2), .just(3)]).subscribe(
        Observer(lifetime: control) { events.append($0) })
    }
    XCTAssertEqual(events, [.next(1), .next(2), .next(3), .completed])
  }

  func testAPausedRetryMakesOneAttemptPerSlice() {
    var attempts = 0
    let failsTwice = Observable<Int>.deferred {
      attempts += 1
      return attempts < 3 ? .error(TestError("boom")) : .just(attempts)
    }
    let run = PausedRun<Int>()
    run.start(failsTwice.retry(5))
    XCTAssertEqual(attempts, 1)
    run.resume()
    XCTAssertEqual(attempts, 2)
    run.resume()
    XCTAssertEqual(run.events, [.next(3), .completed])
    XCTAssertEqual(run.pauses, 2)
    run.end()
  }

  func testAnEndlessRepeatPausesAtEverySliceAndCountsNoRunaway() {
    let run = PausedRun<Int>()
    run.start(Observable.just(7).repeat())
    for _ in 0..<5 { run.resume() }
    XCTAssertEqual(values(run.events), Array(repeating: 7, count: 6))
    XCTAssertNil(run.control.reason)
    run.end()
  }

  func testALoopWhoseSubscriptionEndedTakesNoFurtherTurnWhenResumed() {
    let run = PausedRun<Int>()
    run.start(.concat([.just(1), .just(2)]))
    XCTAssertEqual(values(run.events), [1])
    run.subscription?.dispose()
    run.resume()
    XCTAssertEqual(values(run.events), [1], "nothing after the dispose")
    XCTAssertFalse(run.events.contains(.completed))
    run.end()
  }

  func testAStoppedRunDropsItsParkedLoop() {
    let run = PausedRun<Int>()
    run.start(Observable.just(1).repeat(3))
    run.control.stop(.interrupted)
    run.control.slice(nanoseconds: 1) { run.control.resume() }
    XCTAssertEqual(values(run.events), [1])
    XCTAssertFalse(run.control.hasParkedWork)
    run.end()
  }
}
