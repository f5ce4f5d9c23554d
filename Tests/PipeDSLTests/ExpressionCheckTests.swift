import PipeDSL
import XCTest

/// The checker's messages, rendered whole against the statement they came from.
final class ExpressionCheckTests: XCTestCase {
  /// Checks every `{ ... }` of the first stage of `text` in `environment`.
  func rendered(_ text: String, in environment: ExpressionEnvironment = .element) -> String {
    let result = Parser.parse(SourceFile(name: "demo.pipe", text: text))
    XCTAssertEqual(result.diagnostics, [], text)
    guard case .run(let pipeline, _)? = result.tree.statements.first?.kind,
      case .operator(let stage) = pipeline.stages.first?.kind
    else { return "not a stage" }
    let diagnostics = stage.arguments.flatMap { argument -> [Diagnostic] in
      guard case .expression(let expr) = argument.kind else { return [] }
      return ExpressionChecker.check(expr, in: environment)
    }
    return DiagnosticRenderer().render(diagnostics, in: result.file)
  }

  func testWrongArgumentCount() {
    XCTAssertEqual(
      rendered("map { round(.temp, 1, 2) }"),
      """
      demo.pipe:1:7: error: 'round' takes 1 or 2 arguments, but 3 were given
      1 | map { round(.temp, 1, 2) }
        |       ^^^^^^^^^^^^^^^^^^
      """)
    XCTAssertEqual(
      rendered("map { len() + max() }"),
      """
      demo.pipe:1:7: error: 'len' takes 1 argument, but 0 were given
      1 | map { len() + max() }
        |       ^^^^^
      demo.pipe:1:15: error: 'max' takes at least 1 argument, but 0 were given
      1 | map { len() + max() }
        |               ^^^^^
      """)
  }

  func testUnknownFunction() {
    XCTAssertEqual(
      rendered("map { rund(.temp) }"),
      """
      demo.pipe:1:7: error: unknown function 'rund'
      1 | map { rund(.temp) }
        |       ^^^^
        = note: the functions are abs, len, max, min, num, round, str
        = help: did you mean 'round'?
      """)
  }

  func testUnknownNames() {
    XCTAssertEqual(
      rendered("scan 0 { acx + . }", in: .scan),
      """
      demo.pipe:1:10: error: unknown name 'acx'
      1 | scan 0 { acx + . }
        |          ^^^
        = help: did you mean 'acc'?
      """)
    XCTAssertEqual(
      rendered("filter { temp > 20 && acc }"),
      """
      demo.pipe:1:10: error: unknown name 'temp'
      1 | filter { temp > 20 && acc }
        |          ^^^^
        = help: to read a field of the element, write '.temp'
      demo.pipe:1:23: error: unknown name 'acc'
      1 | filter { temp > 20 && acc }
        |                       ^^^
        = note: 'acc' is the accumulator of 'scan' and exists only there
        = help: to read a field of the element, write '.acc'
      """)
    XCTAssertEqual(
      rendered("map { len }"),
      """
      demo.pipe:1:7: error: unknown name 'len'
      1 | map { len }
        |       ^^^
        = help: 'len' is a function: call it as 'len(...)'
      """)
  }

  func testNestedExpressionsAreCheckedEverywhere() {
    let result = Parser.parseExpression(SourceFile(name: "e", text: "[a: x, b: [y ? -z : !w, f(1)]]"))
    let ids = ExpressionChecker.check(result.tree, in: .element).map { "\($0.id) \($0.span)" }
    XCTAssertEqual(
      ids,
      [
        "unknownName 4..<5", "unknownName 11..<12", "unknownName 16..<17", "unknownName 21..<22",
        "unknownFunction 24..<25",
      ])
  }

  func testCompilingRefusesWhatTheCheckerRejects() {
    let expr = Parser.parseExpression(SourceFile(name: "e", text: "acc + 1")).tree
    XCTAssertThrowsError(try ExpressionCompiler.compile(expr, in: .element, source: "map { acc + 1 }")) {
      error in
      XCTAssertEqual((error as? DiagnosticError)?.diagnostics.map(\.id), [.unknownName])
    }
    XCTAssertNoThrow(try ExpressionCompiler.compile(expr, in: .scan, source: "scan 0 { acc + 1 }"))
  }
}
