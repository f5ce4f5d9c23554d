import PipeDSL
import TerminalText
import XCTest

/// The renderer's layout, on diagnostics made by hand.
final class DiagnosticRendererTests: XCTestCase {
  let file = SourceFile(name: "demo.pipe", text: "weather \"Oslo\" | fliter { .temp > 20 }\n")

  var unknownOperator: Diagnostic {
    Diagnostic(
      id: .unknownOperator, message: "unknown operator 'fliter'", span: Span(17, 23),
      help: "did you mean 'filter'?")
  }

  func testTheStyleGuideExample() {
    XCTAssertEqual(
      DiagnosticRenderer().render(unknownOperator, in: file),
      """
      demo.pipe:1:18: error: unknown operator 'fliter'
      1 | weather "Oslo" | fliter { .temp > 20 }
        |                  ^^^^^^
        = help: did you mean 'filter'?
      """)
  }

  func testColourOnlyWhenAsked() {
    let plain = DiagnosticRenderer().render(unknownOperator, in: file)
    let colored = DiagnosticRenderer(paint: Paint(colour: true)).render(unknownOperator, in: file)
    XCTAssertFalse(plain.contains("\u{1B}"))
    XCTAssertTrue(colored.contains("\u{1B}[1;31merror:\u{1B}[0m"))
    XCTAssertEqual(stripped(colored), plain)
  }

  /// The text without its ANSI colour sequences.
  private func stripped(_ text: String) -> String {
    var result = ""
    var inEscape = false
    for character in text {
      if character == "\u{1B}" {
        inEscape = true
      } else if inEscape {
        inEscape = character != "m"
      } else {
        result.append(character)
      }
    }
    return result
  }

  func testWideLineNumbersAlignAndLabelsGoUnderTheirLines() {
    let text = (1...9).map { "just \($0)" }.joined(separator: "\n") + "\nflatMap (weather .\n| show"
    let file = SourceFile(name: "long.pipe", text: text)
    let open = text.utf8.count - "(weather .\n| show".utf8.count
    let diagnostic = Diagnostic(
      id: .unexpectedCharacter, message: "something about a bracket",
      span: Span(text.utf8.count - 4, text.utf8.count),
      labels: [.init(Span(open, open + 1), "opened here")], notes: ["a note"], help: "a help")
    XCTAssertEqual(
      DiagnosticRenderer().render(diagnostic, in: file),
      """
      long.pipe:11:3: error: something about a bracket
      10 | flatMap (weather .
         |         - opened here
      11 | | show
         |   ^^^^
         = note: a note
         = help: a help
      """)
  }

  func testColumnsCountCharactersAndMarkersFollowTerminalWidth() {
    let file = SourceFile(name: "w.pipe", text: "just \"日本😀\" |\tfliter")
    let start = file.text.utf8.count - 6
    let diagnostic = Diagnostic(id: .unexpectedCharacter, message: "wide", span: Span(start, start + 6))
    XCTAssertEqual(
      DiagnosticRenderer().render(diagnostic, in: file),
      """
      w.pipe:1:14: error: wide
      1 | just "日本😀" |    fliter
        |                    ^^^^^^
      """)
  }

  func testASpanAtTheEndOfAFileShowsOnItsLastLine() {
    let file = SourceFile(name: "end.pipe", text: "take 3 |\n")
    let diagnostic = Diagnostic(id: .unexpectedCharacter, message: "at the end", span: .at(9))
    XCTAssertEqual(
      DiagnosticRenderer().render(diagnostic, in: file),
      """
      end.pipe:1:9: error: at the end
      1 | take 3 |
        |         ^
      """)
  }

  func testSeveralDiagnosticsAreRenderedInOrder() {
    let warning = Diagnostic(
      id: .unexpectedCharacter, severity: .warning, message: "a warning", span: Span(0, 7))
    XCTAssertEqual(
      DiagnosticRenderer().render([warning, unknownOperator], in: file).components(separatedBy: "\n").count, 7
    )
  }
}
