import PipeDSL
import XCTest

/// Rendered messages for option words, `.` and expressions, and the run-time error line.
final class CheckerOptionDiagnosticsTests: XCTestCase {
  static let cases: [(source: String, message: String)] = [
    (
      "fail x | retryWhen backoff(1) max",
      """
      demo.pipe:1:31: error: 'max' needs a value
      1 | fail x | retryWhen backoff(1) max
        |                               ^^^
        = help: it is written retryWhen STRATEGY [max N] [on KINDS]
      """
    ),
    (
      "fail x | retryWhen backoff(1) max 2 max 3",
      """
      demo.pipe:1:37: error: 'max' is given twice
      1 | fail x | retryWhen backoff(1) max 2 max 3
        |                                     ^^^
      """
    ),
    (
      "fail x | circuitBreaker(failurs: 2)",
      """
      demo.pipe:1:25: error: 'circuitBreaker' has no option 'failurs'
      1 | fail x | circuitBreaker(failurs: 2)
        |                         ^^^^^^^
        = help: did you mean 'failures'?
      """
    ),
    (
      "timer { .attempt } | show",
      """
      demo.pipe:1:7: error: '.' means the outer element, and there is none here
      1 | timer { .attempt } | show
        |       ^^^^^^^^^^^^
        = help: use '.' inside a sub-pipeline, as in flatMap (weather .)
      """
    ),
    (
      "fail x | retryWhen [x: (errors | take 1), *: backoff(1)]",
      """
      demo.pipe:1:24: error: the form (errors | ...) cannot be a branch of a dict
      1 | fail x | retryWhen [x: (errors | take 1), *: backoff(1)]
        |                        ^^^^^^^^^^^^^^^^^
        = help: use it alone, as in retryWhen (errors | take 3)
      """
    ),
    (
      "errors | take 1",
      """
      demo.pipe:1:1: error: unknown operator 'errors'
      1 | errors | take 1
        | ^^^^^^
        = help: 'errors' is the stream of errors inside retryWhen (errors | ...)
      """
    ),
    (
      "just 1 | onError log extra",
      """
      demo.pipe:1:22: error: log takes nothing after it
      1 | just 1 | onError log extra
        |                      ^^^^^
      """
    ),
    (
      "just 1 | expect [1] [a: 1]",
      """
      demo.pipe:1:21: error: only 'error KIND' may follow the list of values
      1 | just 1 | expect [1] [a: 1]
        |                     ^^^^^^
      """
    ),
    (
      "just 1 | map { .a + foo }",
      """
      demo.pipe:1:21: error: unknown name 'foo'
      1 | just 1 | map { .a + foo }
        |                     ^^^
        = help: to read a field of the element, write '.foo'
      """
    ),
  ]

  func testRenderedMessages() {
    for (source, message) in Self.cases {
      XCTAssertEqual(CheckerDiagnosticsTests.rendered(source), message, source)
    }
  }

  /// A type error is found only when the value arrives: one line on standard error, naming
  /// the kind, the message and the stage.
  func testAWrongTypeAtRunTimeIsOneErrorLine() {
    let cases = [
      (
        #"just "a" | map { . - 1 }"#,
        #"error: typeError — cannot apply '-' to string "a" and int 1 (at map { . - 1 })"#
      ),
      (
        #"just { "a" - 1 }"#,
        #"error: typeError — cannot apply '-' to string "a" and int 1 (at just { "a" - 1 })"#
      ),
      (
        #"of("soon") | flatMap (timer { . })"#,
        #"error: typeError — expected a number of seconds, found string (at timer { . } for "soon")"#
      ),
      (
        "just 1 | filter { 1 }",
        "error: typeError — expected a bool (true or false), found int 1 (at filter { 1 })"
      ),
    ]
    for (source, line) in cases {
      let output = BufferedOutput()
      let report = Session.make(output: output).execute(SourceFile(name: "demo.pipe", text: source))
      XCTAssertEqual(output.errorLines, [line], source)
      XCTAssertEqual(report.unhandledErrors.map(\.kind), ["typeError"], source)
    }
  }
}
