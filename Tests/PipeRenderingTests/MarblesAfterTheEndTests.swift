import PipeDSL
import XCTest

/// Issue 33.2: `marbles` draws what a pipeline still subscribes after its end when the end
/// comes in a later action (here the diagram's completion at 5 ms), as `log` lists it and
/// RxSwift records it: `repeat 2`'s second attempt subscribes the source at 5 ms.
final class MarblesAfterTheEndTests: RenderingTestCase {
  func testTheSourcesLaneShowsTheSubscriptionMadeAfterTheEnd() {
    let lines = run(#"cold "5ms |" | startWith 7 | repeat 2 | take 2 | marbles"#).output.lines
    let drawing = lines.joined(separator: "\n")
    guard let source = lines.firstIndex(where: { $0.hasPrefix("cold \"5ms |\"") }) else {
      return XCTFail("no lane for the source:\n" + drawing)
    }
    XCTAssertTrue(lines[source].contains(" 1  ^"), "the first subscription is numbered:\n" + drawing)
    XCTAssertTrue(
      lines[source + 1].contains("↻2") && lines[source + 1].contains("^"),
      "the source's second subscription, at 5 ms, is drawn:\n" + drawing)
  }
}
