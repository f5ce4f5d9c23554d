import Operators
import OperatorsTestSupport
import XCTest

final class NeverTests: LeakCheckingTestCase {
  func testNeverEmitsNothingUntilDisposed() {
    let scheduler = TestScheduler()
    let res = scheduler.start { Observable<Int>.never() }
    XCTAssertEqual(res.events, [])
  }

  func testNeverCallsOnDisposedWhenDisposed() {
    var disposed = false
    var events = 0
    let subscription = Observable<Int>.never().subscribe(
      onNext: { _ in events += 1 }, onError: { _ in events += 1 }, onCompleted: { events += 1 },
      onDisposed: { disposed = true })
    XCTAssertFalse(disposed)
    subscription.dispose()
    XCTAssertTrue(disposed)
    XCTAssertEqual(events, 0)
  }
}
