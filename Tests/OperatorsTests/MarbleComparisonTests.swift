import Operators
import OperatorsTestSupport
import XCTest

final class MarbleComparisonTests: XCTestCase {
  private let numbers: [Character: Int] = ["a": 1, "b": 2, "c": 3]

  private func mismatch(
    _ expected: String, _ events: [(Int, Event<Int>)], error: @escaping (any Error) -> Bool = { _ in true }
  ) throws -> String? {
    let comparison = MarbleComparison<Int>(
      expected: try MarbleDiagram(hot: expected), alphabet: ["a", "b", "c"], error: error
    ) {
      self.numbers[$0] == $1
    }
    return comparison.mismatch(events.map { (time: ms($0.0), event: $0.1) })?.description
  }

  func testValuesPastTheLettersAreDrawnAsAQuestionMarkExplainedOnce() throws {
    let events = (0..<200).map { (($0 * 2) + 1, Event<Int>.next(100 + $0)) }
    let report = try XCTUnwrap(try mismatch("-a|", events))
    let legend = try XCTUnwrap(report.split(separator: "\n").first { $0.hasPrefix("  where ") })
    let entries = legend.dropFirst("  where ".count).components(separatedBy: ", ")
    XCTAssertEqual(entries.first, "A = 100")
    XCTAssertEqual(entries.last, "? = any other value")
    XCTAssertEqual(entries.filter { $0.hasPrefix("?") }.count, 1, "the ? is explained once")
    XCTAssertLessThan(entries.count, 80)
    XCTAssertTrue(report.contains("-?-?-?"), report)
  }

  func testMatchingEventsGiveNoMismatch() throws {
    XCTAssertNil(try mismatch("-a-(bc)|", [(1, .next(1)), (3, .next(2)), (3, .next(3)), (7, .completed)]))
    XCTAssertNil(try mismatch("", []))
    XCTAssertNil(try mismatch("--^-a", [(2, .next(1))]))
  }

  /// Table of whole rendered reports, as swift-argument-parser tests its messages.
  func testReportsDrawBothDiagramsAndTheFirstDifference() throws {
    let cases: [(expected: String, events: [(Int, Event<Int>)], report: String)] = [
      (
        "-a-b|", [(1, .next(1)), (3, .next(3)), (4, .completed)],
        "expected: -a-b|\nactual:   -a-c|\nfirst difference: at 3ms expected b, got c"
      ),
      (
        "-a-b|", [(1, .next(1)), (4, .next(2)), (5, .completed)],
        "expected: -a-b|\nactual:   -a--b|\nfirst difference: expected b at 3ms, got b at 4ms"
      ),
      (
        "-a|", [(1, .next(1))],
        "expected: -a|\nactual:   -a\nfirst difference: expected completion at 2ms, got nothing"
      ),
      (
        "-a", [(1, .next(1)), (2, .error(TestError()))],
        "expected: -a\nactual:   -a#\nfirst difference: got error at 2ms, expected nothing more"
      ),
      (
        "-a-(bc)|", [(1, .next(1)), (3, .next(2)), (3, .next(42)), (7, .completed)],
        "expected: -a-(bc)|\nactual:   -a-(bA)|\n  where A = 42\nfirst difference: at 3ms expected c, got A"
      ),
      (
        "--^-a|", [(2, .next(1)), (4, .completed)],
        "expected: --^-a|\nactual:   --^-a-|\nfirst difference: expected completion at 3ms, got completion at 4ms"
      ),
    ]
    for (expected, events, report) in cases {
      XCTAssertEqual(try mismatch(expected, events), report, "\"\(expected)\"")
    }
  }

  func testErrorMatcherDecidesWhichErrorsMatch() throws {
    let onlyBoom = { (error: any Error) in errorsMatch(error, TestError("boom")) }
    XCTAssertNil(try mismatch("-#", [(1, .error(TestError("boom")))], error: onlyBoom))
    XCTAssertEqual(
      try mismatch("-#", [(1, .error(TestError("other")))], error: onlyBoom),
      "expected: -#\nactual:   -#\nfirst difference: at 1ms expected error, got error")
  }

  /// The example of MarbleComparison's documentation.
  func testDocumentedExample() throws {
    let comparison = MarbleComparison<Int>(expected: try MarbleDiagram(hot: "-a-b|")) {
      $0 == "a" ? $1 == 1 : $1 == 2
    }
    let recorded: [(time: Time, event: Event<Int>)] = [
      (.milliseconds(1), .next(1)), (.milliseconds(3), .next(5)), (.milliseconds(4), .completed),
    ]
    XCTAssertEqual(
      comparison.mismatch(recorded)?.description,
      "expected: -a-b|\nactual:   -a-A|\n  where A = 5\nfirst difference: at 3ms expected b, got A")
  }
}
