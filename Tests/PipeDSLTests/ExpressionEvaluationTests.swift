import PipeDSL
import XCTest

final class ExpressionEvaluationTests: XCTestCase {
  let reading: Value = [
    "city": "Oslo", "temp": 21.5, "humidity": 81, "main": ["temp": 12, "pressure": 1012], "tags": ["a", "b"],
    "kind": "cityNotFound",
  ]

  func compile(_ text: String, in environment: ExpressionEnvironment = .element) throws -> CompiledExpression
  {
    let result = Parser.parseExpression(SourceFile(name: "e", text: text))
    XCTAssertEqual(result.diagnostics, [], text)
    return try ExpressionCompiler.compile(result.tree, in: environment, source: "map { \(text) }")
  }

  func evaluate(_ text: String, _ element: Value? = nil) throws -> Value {
    try compile(text)(element ?? reading)
  }

  func testValuesOfExpressions() throws {
    let cases: [(String, Value)] = [
      (".", reading), (".city", "Oslo"), (".main.temp", 12), (".missing", nil), (".missing.deeper", nil),
      ("1 + 2 * 3", 7), ("7 / 2", 3.5), ("6 / 3", 2), ("7 % 3", 1), ("7.5 % 2", 1.5), ("-7 / 2", -3.5),
      ("1 + 2.5", 3.5), ("2 * 0.5", 1.0), ("\"a\" + \"b\"", "ab"), ("[1] + [2, 3]", [1, 2, 3]),
      (".temp > 20", true), (".temp >= 21.5", true), (".humidity < 81", false), (".humidity <= 81", true),
      ("\"abc\" < \"abd\"", true), ("1 == 1.0", true), ("1 != 2", true), (".city == \"Oslo\"", true),
      ("[1, \"a\"] == [1, \"a\"]", true), ("null == .missing", true),
      ("true && false || true", true), ("!(.temp > 20)", false), ("-.humidity", -81), ("- -3", 3),
      (".kind == \"cityNotFound\" ? \"City name is invalid\" : \"Server error\"", "City name is invalid"),
      ("[.city, len(.tags)]", ["Oslo", 2]), ("[name: .city, t: round(.temp)]", ["name": "Oslo", "t": 22]),
      ("round(2.5)", 3), ("round(-2.5)", -3), ("round(3.14159, 2)", 3.14), ("round(4, 2)", 4), ("abs(-3)", 3),
      ("abs(-2.5)", 2.5), ("min(3, 1, 2)", 1), ("max(3, 1.5, 2)", 3), ("min([4, 2])", 2), ("max([])", nil),
      ("min(\"b\", \"a\")", "a"), ("len(\"héllo\")", 5), ("len(.)", 6), ("len([1, 2])", 2),
      ("str(21.5)", "21.5"),
      ("str(.city)", "Oslo"), ("str([1])", "[1]"), ("num(\"42\")", 42), ("num(\" 2.5 \")", 2.5),
      ("num(7)", 7),
      ("1.5s", 1.5), ("500ms * 2", 1.0), ("false && (1 / 0 > 0)", false), ("true || (1 / 0 > 0)", true),
    ]
    for (text, expected) in cases { XCTAssertEqual(try evaluate(text), expected, text) }
  }

  func testAccumulatorOfScan() throws {
    let sum = try compile("acc + .", in: .scan)
    var acc: Value = 0
    for element: Value in [1, 2, 3, 4] { acc = try sum(element, ExpressionContext([acc])) }
    XCTAssertEqual(acc, 10)
    let environment = ExpressionEnvironment(names: ["acc", "index"])
    let both = try compile("[acc, index]", in: environment)
    XCTAssertEqual(try both(nil, ExpressionContext(["a", 3])), ["a", 3])
    XCTAssertEqual(try both(nil, ExpressionContext()), [nil, nil])  // unbound names read as null
  }

  func testRuntimeTypeErrorsArePipeErrorsNamingTheirStage() throws {
    let cases: [(String, Value, kind: String, message: String)] = [
      (".city - 1", reading, "typeError", #"cannot apply '-' to string "Oslo" and int 1"#),
      (
        ".city + 1", reading, "typeError",
        #"cannot apply '+' to string "Oslo" and int 1; to join text, convert with str(...)"#
      ),
      (".temp > \"x\"", reading, "typeError", #"cannot apply '>' to double 21.5 and string "x""#),
      (". && true", 1, "typeError", "'&&' needs a bool, not int 1"),
      (". ? 1 : 2", nil, "typeError", "'? :' needs a bool, not null"),
      ("!.", "x", "typeError", #"'!' needs a bool, not string "x""#),
      ("-.", "x", "typeError", #"cannot apply '-' to string "x""#),
      (".x", 5, "typeError", "cannot read field 'x' of int 5"),
      ("len(.)", 5, "typeError", "len needs a string, list or record, not int 5"),
      ("num(.)", "abc", "typeError", #"cannot read "abc" as a number"#),
      ("round(.)", "1", "typeError", #"round needs a number, not string "1""#),
      ("min(., 1)", "a", "typeError", #"cannot apply 'min' to int 1 and string "a""#),
      ("max(.)", 3, "typeError", "max of one argument needs a list, not int 3"),
      (". / 0", 1, "divisionByZero", "1 / 0: division by zero"),
      (". % 0.0", 2.5, "divisionByZero", "2.5 % 0: division by zero"),
      (". + 1", .int(.max), "overflow", "'+' on 9223372036854775807 and 1 overflows an int"),
      (". / -1", .int(.min), "overflow", "'/' on -9223372036854775808 and -1 overflows an int"),
      ("abs(.)", .int(.min), "overflow", "'abs' on -9223372036854775808 overflows an int"),
      ("round(.)", 1e300, "overflow", "'round' on 1e+300 overflows an int"),
    ]
    for (text, element, kind, message) in cases {
      XCTAssertThrowsError(try evaluate(text, element), text) { error in
        let error = error as? PipeError
        XCTAssertEqual(error?.kind, kind, text)
        XCTAssertEqual(error?.message, message, text)
        XCTAssertEqual(error?.source, "map { \(text) }", text)
      }
    }
  }

  func testIntMinRemainderDoesNotTrap() throws {
    XCTAssertEqual(try evaluate(". % -1", .int(.min)), 0)
  }
}
