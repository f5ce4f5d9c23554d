import PipeProcessSupport
import XCTest

/// docs/OPERATORS.md is what `pipe docs operators` prints today: a catalogue entry changed
/// without `make docs` fails here.
final class OperatorsPageTests: XCTestCase {
  func testOperatorsPageIsUpToDate() throws {
    let generated = try PipeProcess.run(["docs", "operators"], errors: .output)
    XCTAssertEqual(generated.status, 0, generated.output)
    let committed = try PipeProcess.read("docs/OPERATORS.md")
    guard generated.output != committed else { return }
    let new = generated.output.split(separator: "\n", omittingEmptySubsequences: false)
    let old = committed.split(separator: "\n", omittingEmptySubsequences: false)
    let line =
      zip(old, new).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(old.count, new.count)
    XCTFail(
      """
      docs/OPERATORS.md is stale: run make docs. First difference at line \(line + 1):
        committed: \(line < old.count ? old[line] : "(end of file)")
        generated: \(line < new.count ? new[line] : "(end of file)")
      """)
  }

  func testEveryRoleAndEveryBuiltInSourceHasASection() throws {
    let page = try PipeProcess.read("docs/OPERATORS.md")
    for title in ["Sources", "Transforming values", "Combining streams", "Handling errors", "Sinks"] {
      XCTAssertTrue(page.contains("\n## \(title)\n"), title)
    }
    for name in ["retryWhen", "catch", "materialize", "backoff", "weather", "random", "airquality"] {
      XCTAssertTrue(page.contains("\n### `\(name)`"), name)
    }
    XCTAssertTrue(page.contains("Also taken, with a warning: `catchError`."))
  }
}
