import Operators
import OperatorsTestSupport
import XCTest

final class SequenceTests: LeakCheckingTestCase {
  func testOfEmitsEverythingAtSubscriptionTime() {
    let scheduler = TestScheduler()
    let res = scheduler.start { Observable.of(1, 2, 3) }
    XCTAssertEqual(res.events, [.next(200, 1), .next(200, 2), .next(200, 3), .completed(200)])
  }

  func testFromEmptyArrayOnlyCompletes() {
    let scheduler = TestScheduler()
    let res = scheduler.start { Observable<Int>.from([]) }
    XCTAssertEqual(res.events, [.completed(200)])
  }

  func testFromStopsWalkingOnceTheSubscriptionEnds() {
    var visited = 0
    var values: [Int] = []
    var completed = false
    _ = Observable.from(Array(0..<1000))
      .map { value -> Int in
        visited += 1
        return value
      }
      .take(2)
      .subscribe(onNext: { values.append($0) }, onCompleted: { completed = true })
    XCTAssertEqual(values, [0, 1])
    XCTAssertTrue(completed)
    XCTAssertEqual(visited, 2)
  }

  func testEverySubscriptionStartsOver() {
    let source = Observable.of("a", "b")
    var seen: [String] = []
    _ = source.subscribe(onNext: { seen.append($0) })
    _ = source.subscribe(onNext: { seen.append($0) })
    XCTAssertEqual(seen, ["a", "b", "a", "b"])
  }

  func testDisposingFromInsideOnNextStopsTheLoop() {
    var values: [Int] = []
    var subscription: (any Disposable)?
    var completed = false
    let lifetime = SingleAssignmentDisposable()
    let observer = Observer<Int>(lifetime: lifetime) { event in
      if case .next(let value) = event { values.append(value) }
      if case .completed = event { completed = true }
      if values.count == 2 { subscription?.dispose() }
    }
    subscription = lifetime
    lifetime.setDisposable(Observable.of(1, 2, 3, 4).subscribe(observer))
    XCTAssertEqual(values, [1, 2])
    XCTAssertFalse(completed)
  }
}
