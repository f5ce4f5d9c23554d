import Operators
import OperatorsTestSupport
import XCTest

/// The value loops of `range`, `from` and `of` (`TurnLoop`) read, per value, the flags of the
/// sinks downstream and the run's one flag for stopped-or-paused; where the chain of
/// lifetimes reaches the control straight after the sinks read directly, only that flag
/// stands for it. These tests pin that a pause and a stop reach the loop whatever the depth
/// of the chain, on either side of the four sinks read directly.
final class TurnLoopValueTests: LeakCheckingTestCase {
  private func chain(_ source: Observable<Int>, depth: Int) -> Observable<Int> {
    (0..<depth).reduce(source) { chain, _ in chain.map { $0 } }
  }

  func testAPausedRunEmitsNoValueUntilResumedBehindAnyNumberOfOperators() {
    for depth in 0...6 {
      let run = TurnLoopTests.PausedRun<Int>()
      run.start(chain(.range(start: 0, count: 5), depth: depth))
      XCTAssertEqual(run.events, [], "range and \(depth) map: paused before its first value")
      XCTAssertEqual(run.pauses, 1, "range and \(depth) map")
      run.resumeUnpaused()
      XCTAssertEqual(
        run.events, [.next(0), .next(1), .next(2), .next(3), .next(4), .completed], "depth \(depth)")
      XCTAssertFalse(run.control.hasParkedWork)
      run.end()
    }
  }

  func testAStopDuringAValueEndsTheLoopAtTheNextBehindAnyNumberOfOperators() {
    for depth in 0...6 {
      let control = RunControl()
      var produced = 0
      var events: [Event<Int>] = []
      let source = Observable<Int>.from([10, 11, 12, 13]).map { value -> Int in
        produced += 1
        if produced == 2 { control.stop(.interrupted) }
        return value
      }
      let subscription = chain(source, depth: depth).subscribe(
        Observer(lifetime: control) { events.append($0) })
      subscription.dispose()  // as the run's owner does once it stopped
      XCTAssertEqual(produced, 2, "from, map and \(depth) map: no value after the stop")
      XCTAssertEqual(events, [.next(10), .next(11)], "depth \(depth)")
    }
  }

  /// Without a run control the loop reads a control nothing stops or pauses (`unpaused`).
  func testALoopWithoutARunControlRunsToItsEnd() {
    for depth in 0...6 {
      var events: [Event<Int>] = []
      _ = chain(.range(start: 0, count: 3), depth: depth).subscribe(Observer { events.append($0) })
      XCTAssertEqual(events, [.next(0), .next(1), .next(2), .completed], "range and \(depth) map")
    }
  }
}
