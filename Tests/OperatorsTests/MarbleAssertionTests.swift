import Operators
import OperatorsTestSupport
import XCTest

/// The assertions' own failure reports, caught instead of failing this test.
final class MarbleAssertionTests: LeakCheckingTestCase {
  private var caught: [String]?

  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
  ) {
    if caught != nil {
      caught?.append(description)
    } else {
      super.recordFailure(
        withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
    }
  }

  private func failures(_ body: () -> Void) -> [String] {
    caught = []
    body()
    defer { caught = nil }
    return caught ?? []
  }

  func testAssertMarblesPrintsExpectedAboveActual() {
    let scheduler = TestScheduler()
    let xs = scheduler.cold("-a-b|")
    let res = scheduler.record { xs.asObservable() }
    let reports = failures { assertMarbles(res, "-a--b|") }
    XCTAssertEqual(reports.count, 1)
    XCTAssertTrue(
      reports.first?.hasSuffix(
        "marbles differ\nexpected: -a--b|\nactual:   -a-b|\nfirst difference: expected b at 4ms, got b at 3ms"
      )
        ?? false, reports.first ?? "no failure")
  }

  func testAssertMarblesPassesWhenEqual() {
    let scheduler = TestScheduler()
    let xs = scheduler.cold("-a-b|")
    let res = scheduler.record { xs.asObservable() }
    XCTAssertEqual(failures { assertMarbles(res, "-a-b|") }, [])
  }

  func testAssertSubscriptionsPrintsBothLists() {
    let reports = failures { assertSubscriptions([Subscription(0, 3), Subscription(5)], "^--!") }
    XCTAssertEqual(reports.count, 1)
    XCTAssertTrue(
      reports.first?.hasSuffix("subscriptions differ\nexpected: ^--!\nactual:   ^--!\n          -----^")
        ?? false,
      reports.first ?? "no failure")
  }

  func testMalformedDiagramsFailTheTestWithTheirMessage() {
    let scheduler = TestScheduler()
    let reports = failures {
      _ = scheduler.cold("-a-(b")
      _ = scheduler.cold("-a-c|", values: ["a": 1])
    }
    XCTAssertEqual(reports.count, 2)
    XCTAssertTrue(
      reports.first?.hasSuffix("\"-a-(b\": unclosed group '(' at column 4") ?? false, "\(reports)")
    XCTAssertTrue(reports.last?.hasSuffix("no value for 'c' in \"-a-c|\"") ?? false, "\(reports)")
  }

  func testValidateReportsAMismatch() {
    let reports = failures {
      validate {
        "-a-b|"
        $0.inputs[0].map { $0.uppercased() }
        "-A-b|"
      }
    }
    XCTAssertEqual(reports.count, 1)
    XCTAssertTrue(reports.first?.contains("actual:   -A-B|\n") ?? false, "\(reports)")
  }
}
