import Operators
import OperatorsTestSupport
import XCTest

final class EmptyTests: LeakCheckingTestCase {
  func testEmptyCompletesAtSubscriptionTime() {
    let scheduler = TestScheduler()
    let res = scheduler.start { Observable<Int>.empty() }
    XCTAssertEqual(res.events, [.completed(200)])
  }

  func testEmptyCompletesEverySubscription() {
    var completions = 0
    let source = Observable<String>.empty()
    _ = source.subscribe(onCompleted: { completions += 1 })
    _ = source.subscribe(onCompleted: { completions += 1 })
    XCTAssertEqual(completions, 2)
  }
}
