import PipeDSL
import XCTest

/// Whole rendered messages of the checker, as a reader sees them: one table row per mistake.
final class CheckerDiagnosticsTests: XCTestCase {
  /// Parses and checks `text` as `demo.pipe`; the parse must be clean so the checker speaks.
  static func rendered(_ text: String) -> String {
    let parsed = Parser.parse(SourceFile(name: "demo.pipe", text: text))
    XCTAssertEqual(parsed.diagnostics, [], text)
    let compiler = Compiler(settings: Settings())
    _ = compiler.compile(parsed.tree)
    return DiagnosticRenderer().render(compiler.diagnostics, in: parsed.file)
  }

  static let cases: [(source: String, message: String)] = [
    (
      "just 1 | fliter { . > 0 }",
      """
      demo.pipe:1:10: error: unknown operator 'fliter'
      1 | just 1 | fliter { . > 0 }
        |          ^^^^^^
        = help: did you mean 'filter'?
      """
    ),
    (
      "just 1 | take 1 2",
      """
      demo.pipe:1:17: error: 'take' takes 1 argument, found 2
      1 | just 1 | take 1 2
        |                 ^
        = help: it is written take N | take DURATION
      """
    ),
    (
      "fail x | retryWhen backoff(1, \"3s\")",
      """
      demo.pipe:1:31: error: expected a duration such as 500ms or 2s, found a string
      1 | fail x | retryWhen backoff(1, "3s")
        |                               ^^^^
      """
    ),
    (
      "just 1 | delay -2",
      """
      demo.pipe:1:16: error: a duration cannot be negative
      1 | just 1 | delay -2
        |                ^^
      """
    ),
    (
      "just 1 | delay 10000000000000",
      """
      demo.pipe:1:16: error: a duration is from 0 to 1000h, found 10000000000000 s
      1 | just 1 | delay 10000000000000
        |                ^^^^^^^^^^^^^^
      """
    ),
    (
      "fail x | retryWhen backoff(1, 2000h)",
      """
      demo.pipe:1:31: error: a duration is from 0 to 1000h, found 2000h
      1 | fail x | retryWhen backoff(1, 2000h)
        |                               ^^^^^
      """
    ),
    (
      "set horizon 1e10",
      """
      demo.pipe:1:13: error: 'horizon' takes a number from 0.001 to 3600000, not 10000000000.0
      1 | set horizon 1e10
        |             ^^^^
      """
    ),
    (
      "set seed \"7\"",
      """
      demo.pipe:1:10: error: 'seed' takes a whole number, not "7"
      1 | set seed "7"
        |          ^^^
      """
    ),
    (
      "every 0s | take 1",
      """
      demo.pipe:1:7: error: the period must be longer than zero
      1 | every 0s | take 1
        |       ^^
      """
    ),
    (
      "set horizn 5",
      """
      demo.pipe:1:5: error: unknown setting 'horizn'
      1 | set horizn 5
        |     ^^^^^^
        = help: did you mean 'horizon'?
      """
    ),
    (
      "fail x | retryWhen bakoff(1, 3)",
      """
      demo.pipe:1:20: error: unknown retry strategy 'bakoff'
      1 | fail x | retryWhen bakoff(1, 3)
        |                    ^^^^^^
        = help: did you mean 'backoff'?
      """
    ),
    (
      "fail x | retryWhen backoff(1) maxx 3",
      """
      demo.pipe:1:31: error: 'retryWhen' has no option 'maxx'
      1 | fail x | retryWhen backoff(1) maxx 3
        |                               ^^^^
        = help: did you mean 'max'?
      """
    ),
    (
      "fail x | retryWhen exponential(1s, tims: 3)",
      """
      demo.pipe:1:36: error: 'exponential' has no option 'tims'
      1 | fail x | retryWhen exponential(1s, tims: 3)
        |                                    ^^^^
        = help: did you mean 'times'?
      """
    ),
    (
      "just 1 | take \"3\"",
      """
      demo.pipe:1:15: error: expected a whole number, found a string
      1 | just 1 | take "3"
        |               ^^^
      """
    ),
    (
      "just 1 | just 2",
      """
      demo.pipe:1:10: error: 'just' is a source and starts a pipeline
      1 | just 1 | just 2
        |          ^^^^^^
        = help: to combine streams, write merge (just 2) or concat (just 2)
      """
    ),
    (
      "just 1 | show | map { . }",
      """
      demo.pipe:1:10: error: 'show' ends a pipeline; nothing can follow it
      1 | just 1 | show | map { . }
        |          ^^^^
      """
    ),
    (
      "map { . * 2 }",
      """
      demo.pipe:1:1: error: 'map' needs something upstream
      1 | map { . * 2 }
        | ^^^^^^^^^^^^^
        = help: start the pipeline with a source, as in just 1 | map { . * 2 }
      """
    ),
  ]

  func testRenderedMessages() {
    for (source, message) in Self.cases {
      XCTAssertEqual(Self.rendered(source), message, source)
    }
  }

  func testSeveralErrorsInOneStatementAreEachReportedOnce() {
    XCTAssertEqual(
      Self.rendered("just 1 | fliter { . } | tkae 2 | take \"x\""),
      """
      demo.pipe:1:10: error: unknown operator 'fliter'
      1 | just 1 | fliter { . } | tkae 2 | take "x"
        |          ^^^^^^
        = help: did you mean 'filter'?
      demo.pipe:1:25: error: unknown operator 'tkae'
      1 | just 1 | fliter { . } | tkae 2 | take "x"
        |                         ^^^^
        = help: did you mean 'take'?
      demo.pipe:1:39: error: expected a whole number, found a string
      1 | just 1 | fliter { . } | tkae 2 | take "x"
        |                                       ^^^
      """)
  }

  func testOtherLibrariesNamesAreAcceptedWithAWarning() {
    let parsed = Parser.parse(SourceFile(name: "demo.pipe", text: "fail x | catchError (just 1)"))
    let compiler = Compiler(settings: Settings())
    XCTAssertEqual(compiler.compile(parsed.tree).count, 1)
    XCTAssertFalse(compiler.hasErrors)
    XCTAssertEqual(
      DiagnosticRenderer().render(compiler.diagnostics, in: parsed.file),
      """
      demo.pipe:1:10: warning: 'catchError' is RxSwift's and RxJS's name for 'catch'
      1 | fail x | catchError (just 1)
        |          ^^^^^^^^^^
        = help: write 'catch'
      """)
  }
}
