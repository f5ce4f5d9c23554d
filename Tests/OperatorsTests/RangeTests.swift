import Operators
import OperatorsTestSupport
import XCTest

final class RangeTests: LeakCheckingTestCase {
  func testRangeEmitsConsecutiveIntegersAtSubscriptionTime() {
    let scheduler = TestScheduler()
    let res = scheduler.start { Observable<Int>.range(start: 5, count: 3) }
    XCTAssertEqual(res.events, [.next(200, 5), .next(200, 6), .next(200, 7), .completed(200)])
  }

  func testRangeOfZeroOnlyCompletes() {
    let scheduler = TestScheduler()
    let res = scheduler.start { Observable<Int>.range(start: 5, count: 0) }
    XCTAssertEqual(res.events, [.completed(200)])
  }

  func testRangeReachesIntMaxWithoutOverflow() {
    var values: [Int] = []
    _ = Observable<Int>.range(start: Int.max - 1, count: 2).subscribe(onNext: { values.append($0) })
    XCTAssertEqual(values, [Int.max - 1, Int.max])
  }

  func testHugeRangeTakeThreeReturnsAtOnce() {
    let started = Date()
    var visited = 0
    var values: [Int] = []
    var completed = false
    _ = Observable<Int>.range(start: 0, count: 1_000_000_000)
      .map { value -> Int in
        visited += 1
        return value
      }
      .take(3)
      .subscribe(onNext: { values.append($0) }, onCompleted: { completed = true })
    XCTAssertEqual(values, [0, 1, 2])
    XCTAssertTrue(completed)
    XCTAssertEqual(visited, 3)
    XCTAssertLessThan(Date().timeIntervalSince(started), 1)
  }
}
