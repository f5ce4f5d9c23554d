import Operators
import OperatorsTestSupport
import XCTest

final class ErrorTests: LeakCheckingTestCase {
  func testErrorFailsAtSubscriptionTime() {
    let scheduler = TestScheduler()
    let res = scheduler.start { Observable<Int>.error(TestError("boom")) }
    XCTAssertEqual(res.events, [.error(200, TestError("boom"))])
  }

  func testErrorReachesOnError() {
    var received: (any Error)?
    _ = Observable<Int>.error(TestError("x")).subscribe(onError: { received = $0 })
    XCTAssertEqual(received as? TestError, TestError("x"))
  }
}
