import PipeDSL
import PipeRendering
import XCTest

/// A failed marble `expect` keeps its marble strings and adds the lanes, expected above
/// actual, on one time axis.
final class ExpectationLanesTests: RenderingTestCase {
  private func failure(_ text: String, width: Int = 60) -> String? {
    let output = BufferedOutput()
    let rendering = Rendering { Display(width: width, unicode: true, colour: true) }
    let session = Session.make(services: Services(output: output, drawing: rendering))
    let report = session.execute(SourceFile(name: "t.pipe", text: text))
    guard case .failed(let message)? = report.expectations.first?.outcome else { return nil }
    return message
  }

  func testATimingMistakeShowsOnTheLanes() {
    XCTAssertEqual(
      failure(#"cold "-a-#" | retry 2 | expect "-a-a-#""#),
      """
      t.pipe:1: expectation failed: cold "-a-#" | retry 2 | expect "-a-a-#"
        expected: -a-a-#
        actual:   -a--a-#
        first difference: expected a at 3ms, got a at 4ms
                  0ms             2ms            4ms           6ms
                  ┬───────────────┬──────────────┬───────────────┬
        expected  ^───────a───────────────a──────────────#
        actual    ^───────a──────────────────────a───────────────#
        # = error: error from a marble diagram
        2 attempts: the first stage was subscribed 2 times
      """)
  }

  func testOtherValuesAndTheExpectationsLettersAreExplained() {
    XCTAssertEqual(
      failure(#"cold "-a|" [a: 41] | map { . + 1 } | expect "-a|" [a: 41]"#),
      """
      t.pipe:1: expectation failed: cold "-a|" [a: 41] | map { . + 1 } | expect "-a|" [a: 41]
        expected: -a|
        actual:   -α|
          where α = 42
        first difference: at 1ms expected a, got α
                  0ms                     1ms                  2ms
                  ┬───────────────────────┬──────────────────────┬
        expected  ^───────────────────────a──────────────────────|
        actual    ^───────────────────────42─────────────────────|
        a = 41
      """)
  }

  func testWithoutARendererOnlyTheMarbleStringsArePrinted() {
    let session = Session.make(output: BufferedOutput())
    let report = session.execute(SourceFile(name: "t.pipe", text: #"just 1 | expect "2|""#))
    guard case .failed(let message)? = report.expectations.first?.outcome else {
      return XCTFail("expected a failure")
    }
    XCTAssertFalse(message.contains("┬"), message)
    XCTAssertTrue(message.contains("expected: 2|"), message)
  }
}
