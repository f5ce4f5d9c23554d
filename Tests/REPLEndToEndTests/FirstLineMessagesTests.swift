import PipeProcessSupport
import XCTest

/// What an RxSwift, RxJS or Combine developer types first, and the whole of what `pipe -e`
/// prints for it, one row per input, as swift-argument-parser's ErrorMessageTests check each
/// rendered message. Each line either works or gets a message that names the fix.
final class FirstLineMessagesTests: XCTestCase {
  func assertPrints(
    _ cases: [(input: String, output: String)], file: StaticString = #filePath, line: UInt = #line
  )
    throws
  {
    for (input, expected) in cases {
      let run = try PipeProcess.run(["-e", input], errors: .output)
      XCTAssertEqual(run.output, expected + "\n", "pipe -e '\(input)'", file: file, line: line)
    }
  }

  /// Item 1: Swift's and RxSwift's habits.
  func testSwiftHabitsWorkOrSayHowPipeWritesThem() throws {
    try assertPrints([
      (
        #"weather "London" | map { $0.temp }"#,
        #"""
        <-e>:1:26: warning: '$0' is Swift's; in pipe the element is '.'
        1 | weather "London" | map { $0.temp }
          |                          ^^^^^^^
          = help: write '.temp'
        11.64
        """#
      ),
      (
        "just nil",
        """
        <-e>:1:6: warning: 'nil' is written 'null' in pipe
        1 | just nil
          |      ^^^
          = help: write 'null'
        null
        """
      ),
      (
        "just 1 | map { it + 1 }",
        """
        <-e>:1:16: error: unknown name 'it'
        1 | just 1 | map { it + 1 }
          |                ^^
          = help: the element is '.': write '.' where you wrote 'it'
        """
      ),
      (
        #"weather("London").retry(3).catchErrorJustReturn(nil)"#,
        #"""
        <-e>:1:18: error: pipe joins stages with '|', not with '.'
        1 | weather("London").retry(3).catchErrorJustReturn(nil)
          |                  ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
          = help: write 'weather "London" | retry 3 | catchAndReturn null'
        """#
      ),
      (
        #"weather "London" | catch { _ in .just(nil) }"#,
        #"""
        <-e>:1:26: error: a '{ }' in pipe takes no parameters: the element is '.'
        1 | weather "London" | catch { _ in .just(nil) }
          |                          ^^^^^^^^^^^^^^^^^
          = help: write 'catchAndReturn null'
        """#
      ),
      (
        "just 1 | map { x in x + 1 }",
        """
        <-e>:1:14: error: a '{ }' in pipe takes no parameters: the element is '.'
        1 | just 1 | map { x in x + 1 }
          |              ^^^^^^^^^^^^
          = help: write 'map { . + 1 }'
        """
      ),
    ])
  }

  /// Item 2: another library's name works with a warning, or says what pipe calls it.
  func testOtherLibrariesNamesAreAliasesOrHints() throws {
    try assertPrints([
      (
        "of(1, 2) | switchMap (just 3)",
        """
        <-e>:1:12: warning: 'switchMap' is RxJS's name for 'flatMapLatest'
        1 | of(1, 2) | switchMap (just 3)
          |            ^^^^^^^^^
          = help: write 'flatMapLatest'
        3
        3
        """
      ),
      (
        "just 1 | debug",
        """
        <-e>:1:10: error: 'debug' is RxSwift's name; pipe calls this 'tap log'
        1 | just 1 | debug
          |          ^^^^^
          = help: as in: of(1, 2) | tap log
        """
      ),
      (
        "just 1 | do(onError: { . })",
        """
        <-e>:1:10: error: 'do(onError:)' is RxSwift's name; pipe calls this 'onError say {e}'
        1 | just 1 | do(onError: { . })
          |          ^^
          = help: as in: weather "xyzzy" | onError say { .kind == "cityNotFound" ? "City name is invalid" : "Server error" } | catchAndReturn null
        """
      ),
      (
        "range(1, 3) | toArray",
        """
        <-e>:1:15: error: 'toArray' is RxSwift's and RxJS's name; pipe calls this 'collect'
        1 | range(1, 3) | toArray
          |               ^^^^^^^
          = help: as in: range(1, 3) | collect
        """
      ),
    ])
  }

  /// Item 3: what pipe prints can be typed back.
  func testPrintedRecordsReadBack() throws {
    try assertPrints([
      ("just {a: 1}", "{a: 1}"),
      (
        #"fail x | mapError { {kind: "notFound"} }"#, #"error: notFound (at mapError { {kind: "notFound"} })"#
      ),
      ("of({}, [b: 2], {c: {d: [1]}})", "{}\n{b: 2}\n{c: {d: [1]}}"),
    ])
  }

  /// An error raised from a value names the value, even an empty string or one with spaces at
  /// its ends (it printed `invalidKey: ` with nothing after it).
  func testThrowIfNamesTheValueEvenWhenEmpty() throws {
    try assertPrints([
      (
        #"just "" | throwIf { . == "" } invalidKey"#,
        #"error: invalidKey — invalidKey: "" (at throwIf { . == "" } invalidKey)"#
      ),
      (
        #"just " k " | throwIf { . != "k" } invalidKey"#,
        #"error: invalidKey — invalidKey: " k " (at throwIf { . != "k" } invalidKey)"#
      ),
      ("just 0 | throwIf { . == 0 } zero", "error: zero — zero: 0 (at throwIf { . == 0 } zero)"),
    ])
  }

  /// Item 4: a missing `|`, with the caret where it belongs.
  func testAMissingPipeIsNamed() throws {
    try assertPrints([
      (
        #"weather "London" catch empty"#,
        #"""
        <-e>:1:17: error: missing '|' before 'catch'?
        1 | weather "London" catch empty
          |                 ^
          = help: write 'weather "London" | catch empty'
        """#
      ),
      (
        "weather \"London\"\nretry 3",
        """
        <-e>:2:1: error: missing '|' before 'retry'?
        2 | retry 3
          | ^
          = help: a line that goes on with the statement above starts with '|': | retry 3
        """
      ),
    ])
  }

  /// Item 5: a large bare number of seconds was probably meant as milliseconds.
  func testALargeBareNumberOfSecondsIsQuestioned() throws {
    try assertPrints([
      (
        "never | timeout 2000 | catchAndReturn 0",
        """
        <-e>:1:17: warning: a bare number is seconds: 2000 s is 33 min
        1 | never | timeout 2000 | catchAndReturn 0
          |                 ^^^^
          = help: write 2000ms for milliseconds, or 2000s to keep seconds
        0
        """
      ),
      ("never | timeout 99 | catchAndReturn 0", "0"),
      ("never | timeout 2000ms | catchAndReturn 0", "0"),
    ])
  }

  /// Item 7: messages that name the thing.
  func testMessagesNameTheThing() throws {
    try assertPrints([
      (
        #"of("London", "xyzzy") | flatMap (weather .) | map { .city }"#,
        #"""
        London
        error: cityNotFound — city not found; :help weather lists the cities the simulator knows (at weather . for "xyzzy")
        """#
      ),
      (
        "just 1 | retryWhen until(apiKey)",
        """
        <-e>:1:26: error: unknown setting 'apiKey'
        1 | just 1 | retryWhen until(apiKey)
          |                          ^^^^^^
          = help: did you mean 'weather.apiKey' or 'airquality.apiKey'?
        """
      ),
      (
        "just 1 | retryWhen exponential(1)",
        """
        <-e>:1:20: error: 'exponential' needs times: N, how many retries at most
        1 | just 1 | retryWhen exponential(1)
          |                    ^^^^^^^^^^^^^^
          = help: it is written exponential(initial, factor: 2, max: 30s, jitter: none|full|equal|decorrelated, times: n)
        """
      ),
      (
        #"weather "Lodnon""#,
        #"error: cityNotFound — city not found; did you mean London? (at weather "Lodnon")"#
      ),
      (
        #"of("São Paulo", "München", "Москва", "北京", "東京") | concatMap (weather .) | map { .city }"#,
        "São Paulo\nMunich\nMoscow\nBeijing\nTokyo"
      ),
    ])
  }

  /// Item 9: a bare expression prints its value, as Lua and Python do.
  func testABareExpressionPrintsItsValue() throws {
    try assertPrints([
      ("1 + 2", "3"), (#""a" + "b""#, "ab"), ("[1, 2] | map { len(.) }", "2"), ("{a: 1}", "{a: 1}"),
    ])
  }
}
