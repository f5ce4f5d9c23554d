import PipeDSL
import XCTest

/// `&&` and `||` of two comparisons of a field with an int constant (`.t > 10 && .h < 90`)
/// have a path of their own: both fields read from the record once, compared as ints. What
/// it gives, value or error, is what each side evaluated alone and joined as `&&` and `||`
/// join them gives, for every comparison, field value (at and around the constant, not an
/// int, missing), record shape and element.
final class FieldComparisonTests: XCTestCase {
  static let fields: [Value] = [9, 10, 11, -10, 2.5, "x", nil, true]

  static var elements: [Value] {
    var elements: [Value] = [nil, 3, "t", [1]]
    for t in fields {
      for h in fields {
        elements.append(.record(Record([("t", t), ("h", h)])))
        elements.append(.record(Record([("h", h), ("x", 0), ("t", t)])))
      }
      elements.append(.record(Record([("t", t)])))
      elements.append(.record(Record([("h", t)])))
    }
    return elements
  }

  func testEveryComparisonJoinedGivesWhatItsSidesGive() throws {
    let comparisons = ["==", "!=", "<", "<=", ">", ">="]
    let elements = Self.elements
    for joiner in ["&&", "||"] {
      for first in comparisons {
        for second in comparisons {
          let left = ".t \(first) 10"
          let right = ".h \(second) -10"
          let joined = try compiled("\(left) \(joiner) \(right)")
          let (x, y) = (try compiled(left), try compiled(right))
          for element in elements {
            let expected = evaluationOutcome { () throws(PipeError) in
              let a = try x(element)
              if a == .bool(joiner == "||") { return a }
              return try y(element)
            }
            XCTAssertEqual(
              evaluationOutcome { () throws(PipeError) in try joined(element) }, expected,
              "\(left) \(joiner) \(right) on \(element.literal)")
          }
        }
      }
    }
  }

  func testAFilterOnTwoFieldsKeepsWhatItKeptAndFailsAsItFailed() {
    XCTAssertEqual(
      printed(
        "range(0, 200) | map {[city: \"London\", temp: . % 40, humidity: . % 100]} "
          + "| filter {.temp > 10 && .humidity < 90} | count"),
      ["126"])
    XCTAssertEqual(
      printed(#"of([t: 11, h: 1], [t: 11, h: "x"], [t: 12, h: 2]) | filter {.t > 10 && .h < 90} | show"#),
      [
        "{t: 11, h: 1}",
        #"error: typeError — cannot apply '<' to string "x" and int 90 (at filter {.t > 10 && .h < 90})"#,
      ])
  }
}

/// `text` compiled on no names, its run-time errors stamped `s`.
func compiled(_ text: String) throws -> CompiledExpression {
  let result = Parser.parseExpression(SourceFile(name: "e", text: text))
  XCTAssertEqual(result.diagnostics, [], text)
  return try ExpressionCompiler.compile(result.tree, in: ExpressionEnvironment(), source: "s")
}

/// The value or the error as one comparable text.
func evaluationOutcome(_ run: () throws(PipeError) -> Value) -> String {
  do throws(PipeError) {
    return try run().literal
  } catch {
    return "\(error.kind) \(error.message) @\(error.source)"
  }
}
