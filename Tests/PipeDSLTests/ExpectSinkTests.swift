import PipeDSL
import XCTest

/// What a failed `expect` prints: expected above actual, drawn with the same letters.
final class ExpectSinkTests: XCTestCase {
  func failure(_ text: String) -> String? {
    let report = Session.make(output: BufferedOutput()).execute(SourceFile(name: "demo.pipe", text: text))
    guard case .failed(let message)? = report.expectations.first?.outcome else { return nil }
    return message
  }

  func testLettersAndDigitsDrawThemselvesInTheActualLine() {
    XCTAssertEqual(
      failure(#"cold "-a-b-1|" | expect "-a-c-1|""#),
      """
      demo.pipe:1: expectation failed: cold "-a-b-1|" | expect "-a-c-1|"
        expected: -a-c-1|
        actual:   -a-b-1|
        first difference: at 3ms expected c, got b
      """)
  }

  func testOtherValuesGetALegend() {
    XCTAssertEqual(
      failure(#"of(10, "xy") | expect "(ab|)" [a: 10, b: "x"]"#),
      """
      demo.pipe:1: expectation failed: of(10, "xy") | expect "(ab|)" [a: 10, b: "x"]
        expected: (ab|)
        actual:   (aα|)
          where α = "xy"
        first difference: at 0s expected b, got α
      """)
  }
}
