import PipeDSL
import XCTest

/// Every example of LANGUAGE.md §1 parses, into the tree it should.
final class ParserExamplesTests: XCTestCase {
  static let examples = """
    # the book's app, typed at a prompt
    weather "London" | retryWhen backoff(1, 3, 5, 10) | catch cache | show

    # the common pitfall, and its fix
    of("London", "xyzzy", "Paris") | flatMap (weather .) | catch cache | show        # stops after xyzzy
    of("London", "xyzzy", "Paris") | flatMap (weather . | catch cache) | show        # keeps going

    # custom errors, a side effect that tells the user, and a fallback
    weather "xyzzy" | onError say { .kind == "cityNotFound" ? "City name is invalid" : "Server error" } | catchAndReturn null

    # a missing API key: wait until the key is set, then retry
    set weather.apiKey ""
    weather "London" | retryWhen [invalidKey: until(weather.apiKey), *: backoff(1, 2, 3)] max 4 | show &
    set weather.apiKey "0123abcd"          # the background job above retries now

    # random numbers with the article's custom errors, retried with binary exponential back-off
    random(-100, 200) | throwIf { . <= 0 } notPositive | throwIf { . > 100 } oversize |
      retryWhen binaryExponential(1s, times: 4) | marbles

    # air quality, errors kept as values so the stream survives them
    every 10s | take 6 | flatMap (airquality "Beijing" | materialize) | show
    """

  func testEveryExampleParsesWithoutDiagnostics() {
    let result = Parser.parse(SourceFile(name: "examples.pipe", text: Self.examples))
    XCTAssertEqual(result.diagnostics, [])
    XCTAssertEqual(
      result.tree.description,
      """
      weather "London" | retryWhen backoff(1, 3, 5, 10) | catch cache | show
      of("London", "xyzzy", "Paris") | flatMap (weather .) | catch cache | show
      of("London", "xyzzy", "Paris") | flatMap (weather . | catch cache) | show
      weather "xyzzy" | onError say { ((.kind == "cityNotFound") ? "City name is invalid" : "Server error") } \
      | catchAndReturn null
      set weather.apiKey ""
      weather "London" | retryWhen [invalidKey: until(weather.apiKey), *: backoff(1, 2, 3)] max 4 | show &
      set weather.apiKey "0123abcd"
      random(-100, 200) | throwIf { (. <= 0) } notPositive | throwIf { (. > 100) } oversize \
      | retryWhen binaryExponential(1s, times: 4) | marbles
      every 10s | take 6 | flatMap (airquality "Beijing" | materialize) | show
      """)
  }

  func testEveryExampleAlsoParsesLineByLineAtThePrompt() {
    var pending = ""
    for line in Self.examples.split(separator: "\n", omittingEmptySubsequences: false) {
      pending += pending.isEmpty ? String(line) : "\n" + line
      if Parser.isIncomplete(pending) { continue }
      XCTAssertEqual(Parser.parse(pending).diagnostics, [], pending)
      pending = ""
    }
    XCTAssertEqual(pending, "")
  }

  func testTheBackgroundJobIsMarked() throws {
    let result = Parser.parse(
      #"weather "London" | retryWhen [invalidKey: until(weather.apiKey), *: backoff(1, 2, 3)] max 4 | show &"#
    )
    guard case .run(let pipeline, let background)? = result.tree.statements.first?.kind else {
      return XCTFail("not a run statement")
    }
    XCTAssertEqual(background, Span(99, 100))
    XCTAssertEqual(
      pipeline.stages.map(\.text),
      [
        #"weather "London""#, "retryWhen [invalidKey: until(weather.apiKey), *: backoff(1, 2, 3)] max 4",
        "show",
      ])
  }

  func testRetryWhenOptionsArePairedByTheChecker() throws {
    let result = Parser.parse("retryWhen [invalidKey: until(weather.apiKey), *: backoff(1, 2, 3)] max 4")
    guard case .run(let pipeline, _)? = result.tree.statements.first?.kind,
      case .operator(let stage) = pipeline.stages[0].kind
    else { return XCTFail("not an operator stage") }
    let (positional, options) = stage.options(named: ["max", "on"])
    XCTAssertEqual(
      positional.map(\.description), ["[invalidKey: until(weather.apiKey), *: backoff(1, 2, 3)]"])
    XCTAssertEqual(options.map(\.name.text), ["max"])
    XCTAssertEqual(options.map { $0.value?.description }, ["4"])
  }
}
