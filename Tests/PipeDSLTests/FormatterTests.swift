import PipeDSL
import XCTest

/// `Formatter`, the layout of `pipe fmt` and of `pipe lsp`'s formatting.
final class FormatterTests: XCTestCase {
  private func formatted(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
    switch Formatter.format(SourceFile(name: "t.pipe", text: text)) {
    case .success(let result):
      // Formatting twice changes nothing more.
      XCTAssertEqual(
        try? Formatter.format(SourceFile(name: "t.pipe", text: result)).get(), result, "not idempotent",
        file: file, line: line)
      return result
    case .failure(let failure):
      XCTFail("not formatted: \(failure)", file: file, line: line)
      return nil
    }
  }

  func testSpacesAroundPipesAndContinuationIndent() {
    XCTAssertEqual(formatted("just 1|take 1   |  marbles"), "just 1 | take 1 | marbles\n")
    XCTAssertEqual(formatted("just 1\n|take 1\n        | marbles\n"), "just 1\n  | take 1\n  | marbles\n")
  }

  func testInsideBracketsTheIndentIsKept() {
    let text = "of(1, 2)\n  | flatMap (just .\n      |catch empty)\n"
    XCTAssertEqual(formatted(text), "of(1, 2)\n  | flatMap (just .\n      | catch empty)\n")
  }

  func testBlankLinesTrailingSpaceAndTheLastLineBreak() {
    XCTAssertEqual(formatted("\n\njust 1   \n\n\n\njust 2\t\n\n"), "just 1\n\njust 2\n")
    XCTAssertEqual(formatted("just 1\r\n| take 1\r\n"), "just 1\n  | take 1\n")
    XCTAssertEqual(formatted("   \n\n"), "")
  }

  func testCommentsAndStringsAreKept() {
    let text = "# a comment |  with   pipes   \njust \"a  |  b   \n\n\n  c\"|print  # done|x\n"
    XCTAssertEqual(
      formatted(text), "# a comment |  with   pipes\njust \"a  |  b   \n\n\n  c\" | print  # done|x\n")
  }

  func testATextTheLexerCannotReadIsRefused() {
    guard
      case .failure(.unreadable(let diagnostics)) = Formatter.format(
        SourceFile(name: "t.pipe", text: "just \"open"))
    else { return XCTFail("an unterminated string was formatted") }
    XCTAssertEqual(diagnostics.map(\.id), [.unterminatedString])
  }
}
