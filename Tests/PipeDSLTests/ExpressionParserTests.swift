import PipeDSL
import XCTest

final class ExpressionParserTests: XCTestCase {
  func tree(_ text: String, line: UInt = #line) -> String {
    let result = Parser.parseExpression(SourceFile(name: "e", text: text))
    XCTAssertEqual(result.diagnostics, [], text, line: line)
    return result.tree.description
  }

  func testPrecedenceFromLoosestToTightest() {
    let cases: [(String, String)] = [
      ("1 + 2 * 3 - 4 / 2 % 3", "((1 + (2 * 3)) - ((4 / 2) % 3))"),
      ("!a && b || c", "(((!a) && b) || c)"),
      ("a || b && c", "(a || (b && c))"),
      ("a == b != c", "((a == b) != c)"),
      (". < 1 == . >= 2", "((. < 1) == (. >= 2))"),
      ("a ? b : c ? d : e", "(a ? b : (c ? d : e))"),
      ("a ? b ? 1 : 2 : 3", "(a ? (b ? 1 : 2) : 3)"),
      ("-3 - -.x", "(-3 - (-.x))"),
      ("- 2.5", "-2.5"),
      ("!!true", "(!(!true))"),
      ("(1 + 2) * 3", "((1 + 2) * 3)"),
      ("acc + -1", "(acc + -1)"),
      ("acc -1", "(acc - 1)"),
    ]
    for (text, expected) in cases { XCTAssertEqual(tree(text), expected, text) }
  }

  func testFieldsNamesCallsAndCollections() {
    let cases: [(String, String)] = [
      (".main.temp", ".main.temp"),
      ("acc.total.count", "acc.total.count"),
      ("(acc).total", "acc.total"),
      ("round(.temp, 1)", "round(.temp, 1)"),
      ("max (1, 2,)", "max(1, 2)"),
      ("[1, .a, [],]", "[1, .a, []]"),
      ("[city: .name, \"feels like\": .feelsLike]", "[city: .name, \"feels like\": .feelsLike]"),
      ("[:]", "[:]"),
      ("len(str(.)) > 3 ? \"long\" : null", "((len(str(.)) > 3) ? \"long\" : null)"),
      ("1.5s", "1.5s"),
    ]
    for (text, expected) in cases { XCTAssertEqual(tree(text), expected, text) }
  }

  func testSpansCoverWhatWasWritten() {
    let result = Parser.parseExpression(SourceFile(name: "e", text: "round(.main.temp) + 1"))
    guard case .binary(.add, let call, let one) = result.tree.kind,
      case .call(let name, let arguments) = call.kind,
      case .field(let base, let temp) = arguments[0].kind
    else { return XCTFail(result.tree.description) }
    XCTAssertEqual(result.tree.span, Span(0, 21))
    XCTAssertEqual(call.span, Span(0, 17))
    XCTAssertEqual(name.span, Span(0, 5))
    XCTAssertEqual(arguments[0].span, Span(6, 16))
    XCTAssertEqual(base.span, Span(6, 11))
    XCTAssertEqual(temp.span, Span(12, 16))
    XCTAssertEqual(one.span, Span(20, 21))
  }

  func testABracedExpressionIsAnArgument() {
    let result = Parser.parse("filter { .temp > 20 && .city != \"Oslo\" }")
    XCTAssertEqual(result.diagnostics, [])
    XCTAssertEqual(result.tree.description, "filter { ((.temp > 20) && (.city != \"Oslo\")) }")
  }
}
