import Operators
import OperatorsTestSupport
import XCTest

/// `range` and `from` ask between values whether anything downstream has ended. They take
/// the chain of lifetimes downstream apart once (`DownstreamLifetimes`) instead of walking it
/// at every value; these tests pin that the answer is still the walk's, value by value.
final class LoopDisposalTests: LeakCheckingTestCase {
  /// The subscriber's own lifetime, disposed before `subscribe` has returned (so before it
  /// holds the subscription), stops the loop at once behind any number of operators: the
  /// first four sinks' flags are read directly, what lies beyond them is asked.
  func testTheSubscribersLifetimeStopsTheLoopBehindAnyNumberOfOperators() {
    for depth in 0...6 {
      var source = Observable<Int>.range(start: 0, count: 1_000)
      for _ in 0..<depth { source = source.map { $0 } }
      var values: [Int] = []
      let lifetime = SingleAssignmentDisposable()
      let observer = Observer<Int>(lifetime: lifetime) { event in
        if case .next(let value) = event { values.append(value) }
        if values.count == 2 { lifetime.dispose() }
      }
      lifetime.setDisposable(source.subscribe(observer))
      XCTAssertEqual(Array(values.prefix(5)), [0, 1], "range and \(depth) map")
    }
  }

  /// retry's second attempt is subscribed from a timer, outside any subscription, so range
  /// runs while that subscribe is in progress, before retry holds the attempt's
  /// subscription. take's end reaches range then only through retry's own flag, which the
  /// loop must read at the next value.
  func testASinkThatEndedBeforeHoldingItsSubscriptionStopsTheLoop() {
    let scheduler = TestScheduler()
    var attempts = 0
    var produced = 0
    let source = Observable<Int>.deferred {
      attempts += 1
      if attempts == 1 { return Observable<Int>.error(TestError()) }
      return Observable<Int>.range(start: 0, count: 1_000_000).map { value -> Int in
        produced += 1
        return value
      }
    }
    let res = scheduler.start {
      source.retry(.delays([.milliseconds(100)]), scheduler: scheduler).take(3)
    }
    XCTAssertEqual(res.events, [.next(300, 0), .next(300, 1), .next(300, 2), .completed(300)])
    XCTAssertEqual(attempts, 2)
    XCTAssertEqual(produced, 3)
  }
}
