import Operators
import OperatorsTestSupport
import XCTest

/// Map, Filter and Scan written as diagrams: the diagram is the test.
final class MarbleOperatorTests: LeakCheckingTestCase {
  private let digits: [Character: Int] = ["1": 1, "2": 2, "3": 3, "4": 4, "5": 5]

  func testMapKeepsTheTimes() {
    let scheduler = TestScheduler()
    let xs = scheduler.cold("-1-2-3|", values: digits)
    let res = scheduler.record { xs.asObservable().map { $0 * 10 } }
    assertMarbles(res, "-a-b-c|", values: ["a": 10, "b": 20, "c": 30])
    assertSubscriptions(xs.subscriptions, "^-----!")
  }

  func testMapThrowingEndsTheStreamAndUnsubscribes() {
    let scheduler = TestScheduler()
    let xs = scheduler.cold("-1-2-3|", values: digits)
    let res = scheduler.record {
      xs.asObservable().map { value -> Int in
        if value == 2 { throw TestError("boom") }
        return value
      }
    }
    assertMarbles(res, "-1-#", values: digits, error: TestError("boom"))
    assertSubscriptions(xs.subscriptions, "^--!")
  }

  func testFilterOnAHotSource() {
    let scheduler = TestScheduler()
    let xs = scheduler.hot("-1-^2-3-4-5|", values: digits)
    let res = scheduler.record { xs.asObservable().filter { $0 % 2 == 0 } }
    assertMarbles(res, "-2---4--|", values: digits)
    assertSubscriptions(xs.subscriptions, "^-------!")
  }

  func testScanEmitsEveryIntermediateResult() {
    let scheduler = TestScheduler()
    let xs = scheduler.cold("-1-2 10ms 3|", values: digits)
    let res = scheduler.record { xs.asObservable().scan(0, +) }
    assertMarbles(res, "-a-b 10ms c|", values: ["a": 1, "b": 3, "c": 6])
  }

  /// The disposal on frame 3 comes before the value on frame 3, as in RxJS.
  func testScanDisposedEarly() {
    let scheduler = TestScheduler()
    let xs = scheduler.cold("-1-2-3|", values: digits)
    let res = scheduler.record("^--!") { xs.asObservable().scan(0, +) }
    assertMarbles(res, "-a-", values: ["a": 1])
    assertSubscriptions(xs.subscriptions, "^--!")
  }

  func testValidateMap() {
    validate {
      "-a-b-(cd)|"
      $0.inputs[0].map { $0.uppercased() }
      "-A-B-(CD)|"
    }
  }

  func testValidateFilterOnAHotInput() {
    validate {
      "-x-^-a-b-c-#"
      $0.inputs[0].filter { $0 != "b" }
      "--a---c-#"
    }
  }

  func testValidateTwoInputs() {
    validate {
      "-a-b|"
      "--c|"
      $0.inputs[1].scan("") { $0 + $1 }
      "--c|"
    }
  }
}
