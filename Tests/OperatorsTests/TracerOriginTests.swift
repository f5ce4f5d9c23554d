import Operators
import OperatorsTestSupport
import XCTest

/// The layer above tells the tracer what started a subscription; the note lands on the
/// subscription that began last at that node, and `reset` forgets it with the records.
final class TracerOriginTests: LeakCheckingTestCase {
  func testAnOriginIsNotedOnTheSubscriptionThatJustBegan() {
    let scheduler = TestScheduler()
    let tracer = Tracer(clock: scheduler)
    for element in ["London", "Paris"] {
      let noted = Observable<Int>(unsafe: { observer in
        tracer.noteOrigin(element, node: 7)
        return Observable.just(1).subscribe(observer)
      })
      _ = noted.traced(node: 7, by: tracer).subscribe { _ in }
    }
    XCTAssertEqual(tracer.origins[7]?[1] as? String, "London")
    XCTAssertEqual(tracer.origins[7]?[2] as? String, "Paris")
    tracer.reset()
    XCTAssertTrue(tracer.origins.isEmpty)
  }
}
