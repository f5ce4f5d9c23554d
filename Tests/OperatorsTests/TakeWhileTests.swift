import Operators
import OperatorsTestSupport
import XCTest

final class TakeWhileTests: LeakCheckingTestCase {
  func testTakeWhileCompletesAtTheFirstFailingValue() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([
      .next(210, 1), .next(220, 2), .next(230, 5), .next(240, 1), .completed(300),
    ])
    let res = scheduler.start { xs.asObservable().take(while: { $0 < 3 }) }
    XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(230)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
  }

  func testTakeWhileAllPass() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
    let res = scheduler.start { xs.asObservable().take(while: { _ in true }) }
    XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(300)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
  }

  func testTakeWhileThrowingEndsWithTheError() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
    let res = scheduler.start {
      xs.asObservable().take(while: { value in
        if value == 2 { throw TestError("predicate") }
        return true
      })
    }
    XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError("predicate"))])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
  }

  func testTakeWhilePassesAnError() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError())])
    let res = scheduler.start { xs.asObservable().take(while: { $0 < 3 }) }
    XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError())])
  }

  func testTakeWhileStopsASynchronousSource() {
    var visited = 0
    var values: [Int] = []
    _ = Observable<Int>.range(start: 0, count: 1_000_000)
      .map { value -> Int in
        visited += 1
        return value
      }
      .take(while: { $0 < 2 })
      .subscribe(onNext: { values.append($0) })
    XCTAssertEqual(values, [0, 1])
    XCTAssertEqual(visited, 3)
  }

  func testTakeWhileDisposedEarly() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, 1), .next(400, 2), .completed(500)])
    let res = scheduler.start(disposed: 300) { xs.asObservable().take(while: { $0 < 3 }) }
    XCTAssertEqual(res.events, [.next(210, 1)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
  }
}
