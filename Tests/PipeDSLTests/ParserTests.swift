import PipeDSL
import XCTest

final class ParserTests: XCTestCase {
  func parse(_ text: String, file: Bool = false) -> ParseResult<Program> {
    file ? Parser.parse(SourceFile(name: "t.pipe", text: text)) : Parser.parse(text)
  }

  /// The canonical print of a text that must parse without diagnostics.
  func canonical(_ text: String, file: Bool = false, line: UInt = #line) -> String {
    let result = parse(text, file: file)
    XCTAssertEqual(result.diagnostics, [], text, line: line)
    return result.tree.description
  }

  func firstStage(_ text: String) -> OperatorStage? {
    guard case .run(let pipeline, _)? = parse(text).tree.statements.first?.kind,
      case .operator(let stage) = pipeline.stages.first?.kind
    else { return nil }
    return stage
  }

  func testStatements() {
    let result = parse(
      "let cities = of(\"Oslo\", \"Paris\")\nset network off; just 1 &\n:load \"my file.pipe\" fast")
    XCTAssertEqual(result.diagnostics, [])
    let kinds = result.tree.statements.map(\.kind)
    guard kinds.count == 4, case .binding(let name, let pipeline) = kinds[0],
      case .setting(let path, let value) = kinds[1], case .run(_, let background) = kinds[2],
      case .command(let command) = kinds[3]
    else { return XCTFail("\(kinds)") }
    XCTAssertEqual(name, Name("cities", Span(4, 10)))
    XCTAssertEqual(pipeline.text, "of(\"Oslo\", \"Paris\")")
    XCTAssertEqual(path.text, "network")
    XCTAssertEqual(value.kind, .name(Name("off", Span(45, 48))))
    XCTAssertNotNil(background)
    XCTAssertEqual(command.name.text, "load")
    XCTAssertEqual(command.words.map(\.text), ["my file.pipe", "fast"])
    XCTAssertEqual(command.rest.text, "\"my file.pipe\" fast")
    XCTAssertEqual(
      result.tree.statements.map(\.text),
      [
        "let cities = of(\"Oslo\", \"Paris\")", "set network off", "just 1 &", ":load \"my file.pipe\" fast",
      ])
  }

  func testStagesKeepTheirTextAndSpans() throws {
    guard
      case .run(let pipeline, _)? = parse("  weather  \"Oslo\"  |take 3|  show ").tree.statements.first?.kind
    else { return XCTFail() }
    XCTAssertEqual(pipeline.stages.map(\.text), ["weather  \"Oslo\"", "take 3", "show"])
    XCTAssertEqual(pipeline.stages.map(\.span), [Span(2, 17), Span(20, 26), Span(29, 33)])
    XCTAssertEqual(pipeline.span, Span(2, 33))
  }

  func testACallTouchesItsNameWhileASubPipelineStandsApart() {
    XCTAssertEqual(canonical("flatMap (weather .)"), "flatMap (weather .)")
    XCTAssertEqual(canonical("of(1, 2) (x)"), "of(1, 2) (x)")
    let stage = firstStage("retryWhen backoff(1, 3) (errors | take 3)")
    guard case .call(let call)? = stage?.arguments.first?.kind, case .pipeline? = stage?.arguments.last?.kind
    else { return XCTFail("\(String(describing: stage))") }
    XCTAssertEqual(call.name.text, "backoff")
    XCTAssertNil(stage?.callArguments)
    XCTAssertEqual(firstStage("of(1, 2) | show")?.callArguments?.count, 2)
  }

  func testLiterals() {
    XCTAssertEqual(
      canonical("just 42 -3.5 1e3 \"s\" true false null 500ms -2s 1.5s random(-100, 200)"),
      "just 42 -3.5 1000.0 \"s\" true false null 500ms -2s 1.5s random(-100, 200)")
    XCTAssertEqual(firstStage("just -1")?.arguments.first?.kind, .literal(.int(-1)))
    XCTAssertEqual(firstStage("just -1")?.arguments.first?.span, Span(5, 7))
    XCTAssertEqual(parse("just - 1").diagnostics.map(\.id), [.unexpectedInStage])
  }

  func testListsDictsAndTrailingCommas() {
    XCTAssertEqual(
      canonical("expect [1, [2, 3], [],] [a: 1, \"#\": timeout, *: 0,] [:]"),
      "expect [1, [2, 3], []] [a: 1, \"#\": timeout, *: 0] [:]")
    XCTAssertEqual(
      canonical("retryWhen [\n  invalidKey: until(weather.apiKey),\n  *: backoff(1, 2),\n]"),
      "retryWhen [invalidKey: until(weather.apiKey), *: backoff(1, 2)]")
  }

  func testElementsAndFieldPaths() {
    XCTAssertEqual(
      canonical("flatMap (weather . | catch cache) | pluck .main.temp"),
      "flatMap (weather . | catch cache) | pluck .main.temp")
    guard case .element(let names)? = firstStage("pluck .main.temp")?.arguments.first?.kind else {
      return XCTFail()
    }
    XCTAssertEqual(names, [Name("main", Span(7, 11)), Name("temp", Span(12, 16))])
  }

  func testNamedWordsStayGenericForTheChecker() throws {
    let stage = try XCTUnwrap(
      firstStage("retryWhen online max 4 on [timeout, offline] times: 3, jitter: full"))
    XCTAssertEqual(
      stage.arguments.map(\.description),
      [
        "online", "max", "4", "on", "[timeout, offline]", "times: 3", "jitter: full",
      ])
    let (positional, options) = stage.options(named: ["max", "on"])
    XCTAssertEqual(positional.map(\.description), ["online"])
    XCTAssertEqual(options.map(\.name.text), ["max", "on", "times", "jitter"])
    XCTAssertEqual(options.map { $0.value?.description }, ["4", "[timeout, offline]", "3", "full"])
    XCTAssertNil(try XCTUnwrap(firstStage("retry max")).options(named: ["max"]).options.first?.value)
    XCTAssertEqual(
      canonical("circuitBreaker(failures: 5, reset: 30s)"), "circuitBreaker(failures: 5, reset: 30s)")
  }

  func testAGroupIsAStage() {
    guard case .run(let pipeline, _)? = parse("(just 1 | take 1) | show").tree.statements.first?.kind,
      case .group(let inner) = pipeline.stages[0].kind
    else { return XCTFail() }
    XCTAssertEqual(inner.stages.map(\.text), ["just 1", "take 1"])
  }

  func testStatementsContinueOverLines() {
    XCTAssertEqual(canonical("weather \"Oslo\" |\n  take 1 |\n  show"), "weather \"Oslo\" | take 1 | show")
    XCTAssertEqual(canonical("of(1,\n 2) | map {\n . + 1\n}"), "of(1, 2) | map { (. + 1) }")
    XCTAssertEqual(
      canonical("weather \"Oslo\"\n  | show\njust 1", file: true), "weather \"Oslo\" | show\njust 1")
    XCTAssertEqual(parse("weather \"Oslo\"\n  | show").diagnostics.map(\.id), [.expectedStage])
  }

  func testEntryPointsForFragments() {
    let expr = Parser.parseExpression(SourceFile(name: "e", text: ".temp > 20"))
    XCTAssertEqual(expr.tree.description, "(.temp > 20)")
    XCTAssertEqual(expr.diagnostics, [])
    let argument = Parser.parseArgument(SourceFile(name: "a", text: "backoff(1, 3)"))
    XCTAssertEqual(argument.tree.description, "backoff(1, 3)")
    XCTAssertEqual(
      Parser.parseArgument(SourceFile(name: "a", text: "1 2")).diagnostics.map(\.id), [.expectedStatementEnd]
    )
    XCTAssertEqual(
      Parser.parseArgument(SourceFile(name: "a", text: "|")).diagnostics.map(\.id), [.expectedValue])
  }
}
