import PipeDSL
import XCTest

/// Whole rendered messages of the lexer and the parser, as a reader sees them.
final class ParseDiagnosticsTests: XCTestCase {
  func rendered(_ text: String) -> String {
    let result = Parser.parse(SourceFile(name: "demo.pipe", text: text))
    return DiagnosticRenderer().render(result.diagnostics, in: result.file)
  }

  func testRenderedMessages() {
    let cases: [(source: String, message: String)] = [
      (
        "every 10x | take 6",
        """
        demo.pipe:1:7: error: unknown unit 'x' in '10x'
        1 | every 10x | take 6
          |       ^^^
          = help: a duration ends in ms, s, m or h, as in 500ms, 1.5s, 2m, 1h
        """
      ),
      (
        "weather \"Oslo | show",
        """
        demo.pipe:1:9: error: unterminated string
        1 | weather "Oslo | show
          |         ^^^^^^^^^^^^
          = help: close the string with '"'
        """
      ),
      (
        "just 1\nof(\"London\", \"Paris\") | flatMap (weather . | catch cache\n",
        """
        demo.pipe:2:33: error: unclosed '('
        2 | of("London", "Paris") | flatMap (weather . | catch cache
          |                                 ^
        """
      ),
      (
        #"weather "xyzzy" | onError say "City\qname""#,
        #"""
        demo.pipe:1:36: error: unknown escape sequence '\q'
        1 | weather "xyzzy" | onError say "City\qname"
          |                                    ^^
          = help: the escapes are \" \\ \n \t and \u{1F600}
        """#
      ),
      (
        "weather \"Oslo\" |",
        """
        demo.pipe:1:16: error: expected a stage after '|'
        1 | weather "Oslo" |
          |                ^
        """
      ),
      (
        "retryWhen backoff(1, 3]",
        """
        demo.pipe:1:23: error: expected ')', found ']'
        1 | retryWhen backoff(1, 3]
          |                  - to close this '('
          |                       ^
        """
      ),
      (
        "of(\"Oslo\") | flatMap(weather .)",
        """
        demo.pipe:1:30: error: expected ',' or ')', found '.'
        1 | of("Oslo") | flatMap(weather .)
          |                              ^
          = help: to pass a pipeline, put a space before '(': 'flatMap (...)'
        """
      ),
      (
        "cities = of(\"Oslo\")",
        """
        demo.pipe:1:8: error: unexpected '=' in stage 'cities'
        1 | cities = of("Oslo")
          |        ^
          = help: to name a pipeline, write 'let cities = ...'
        """
      ),
      (
        "just 1 | 42",
        """
        demo.pipe:1:10: error: expected a stage, found '42'
        1 | just 1 | 42
          |          ^^
          = help: a pipeline starts with a source, as in 'just 42'
        """
      ),
      (
        "take 1 )",
        """
        demo.pipe:1:8: error: unmatched ')'
        1 | take 1 )
          |        ^
        """
      ),
    ]
    for (source, message) in cases { XCTAssertEqual(rendered(source), message, source) }
  }

  func testThreeMistakesInOneStatementGiveThreeDiagnostics() {
    XCTAssertEqual(
      rendered("take 3x | map { . + } | retry @"),
      """
      demo.pipe:1:6: error: unknown unit 'x' in '3x'
      1 | take 3x | map { . + } | retry @
        |      ^^
        = help: a duration ends in ms, s, m or h, as in 500ms, 1.5s, 2m, 1h
      demo.pipe:1:21: error: expected an expression, found '}'
      1 | take 3x | map { . + } | retry @
        |                     ^
      demo.pipe:1:31: error: unexpected character '@'
      1 | take 3x | map { . + } | retry @
        |                               ^
      """)
  }

  func testRecoveryReportsEachMistakeOnce() {
    let cases: [(String, [String])] = [
      ("f(1 2 3 4 5) | g(, , ,) | h [1 2 3]", ["expectedToken", "expectedValue", "expectedToken"]),
      ("map { 1 2 3 } | filter { ) } | take", ["expectedToken", "expectedExpression"]),
      ("a = = = b\nc = d\ntake 1", ["unexpectedInStage", "unexpectedInStage"]),
      ("just 1 | | | show", ["expectedStage", "expectedStage"]),
      ("[1, 2 | bar", ["expectedToken"]),
      ("retryWhen [a: 1, 2, c: 3] | show", ["expectedKey"]),
      (") ) ) take 1", ["unmatchedCloser"]),
      ("flatMap (map { . + 1 ) | show", ["mismatchedCloser"]),
      ("f(1, 2] | show", ["mismatchedCloser"]),
      ("let = 3; set; :", ["expectedName", "expectedName", "expectedCommandName"]),
    ]
    for (text, ids) in cases {
      XCTAssertEqual(Parser.parse(text).diagnostics.map(\.id.rawValue), ids, text)
    }
  }

  func testIncompleteStatementsAskForMore() {
    let cases: [(String, Bool)] = [
      ("weather \"Oslo\" |", true),
      ("weather \"Oslo\" |   # more to come", true),
      ("flatMap (weather .", true),
      ("retryWhen [invalidKey: until(weather.apiKey),", true),
      ("map { .temp >", true),  // inside braces the next line may hold the operand
      ("map {", true),
      ("say \"to be", true),
      ("of(1, 2", true),
      ("weather \"Oslo\"", false),
      ("take 3x | (", false),  // a real error as well
      ("take 1 )", false),
      ("", false),
    ]
    for (text, incomplete) in cases { XCTAssertEqual(Parser.isIncomplete(text), incomplete, text) }
  }

  func testAContinuedStatementParsesOnceJoined() {
    let lines = [
      "weather \"London\" | retryWhen [", "  invalidKey: until(weather.apiKey),", "  *: backoff(1, 2)", "] |",
      "show",
    ]
    var text = ""
    for (index, line) in lines.enumerated() {
      text += (index == 0 ? "" : "\n") + line
      XCTAssertEqual(Parser.isIncomplete(text), index < lines.count - 1, text)
    }
    XCTAssertEqual(Parser.parse(text).diagnostics, [])
  }
}
