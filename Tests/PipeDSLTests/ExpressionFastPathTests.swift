import PipeDSL
import XCTest

/// The compiled shortcuts for `. op 2`, `(...) op 2` and `acc op .` give exactly what the
/// general path gives, values and errors alike, whatever the operands turn out to be.
final class ExpressionFastPathTests: XCTestCase {
  static let elements: [Value] = [0, 1, -1, 7, .int(.max), .int(.min), 2.5, "s", nil, [1], ["a": 1]]
  static let operators = ["+", "-", "*", "/", "%", "==", "!=", "<", "<=", ">", ">="]

  /// `n` computed at run time, so that no shortcut for a literal (nor folding) takes it:
  /// `num("2")`. (`2 + 0` is folded into the literal 2 when compiled.)
  static func computed(_ n: Int) -> String { "num(\"\(n)\")" }

  func compile(_ text: String, names: [String] = []) throws -> CompiledExpression {
    let result = Parser.parseExpression(SourceFile(name: "e", text: text))
    XCTAssertEqual(result.diagnostics, [], text)
    return try ExpressionCompiler.compile(result.tree, in: ExpressionEnvironment(names: names), source: "s")
  }

  /// The outcome as a comparable string: the value, or the error's kind and message.
  func outcome(
    _ expression: CompiledExpression, _ element: Value, _ context: ExpressionContext = ExpressionContext()
  ) -> String {
    do throws(PipeError) {
      return try expression(element, context).literal
    } catch {
      return "\(error.kind) \(error.message) @\(error.source)"
    }
  }

  func testElementAgainstAnIntLiteral() throws {
    for op in Self.operators {
      for constant in [2, 0, -1] {
        let fast = try compile(". \(op) \(constant)")
        let general = try compile(". \(op) \(Self.computed(constant))")
        for element in Self.elements {
          XCTAssertEqual(
            outcome(fast, element), outcome(general, element), "\(element) \(op) \(constant)")
        }
      }
    }
  }

  func testComputedLeftAgainstAnIntLiteral() throws {
    for op in Self.operators {
      let fast = try compile(". % 4 \(op) 0")
      let general = try compile("(. % 4) \(op) \(Self.computed(0))")
      for element in Self.elements {
        XCTAssertEqual(outcome(fast, element), outcome(general, element), "\(element) \(op)")
      }
    }
  }

  /// `(. op j) op k`, both operations compiled into one closure for every pair of operators.
  func testTwoOperationsOnTheElementAgainstIntLiterals() throws {
    for inner in Self.operators {
      for outer in Self.operators {
        for (j, k) in [(2, 0), (0, 1), (-1, -1), (3, .max)] {
          let fast = try compile("(. \(inner) \(j)) \(outer) \(k)")
          let general = try compile("(. \(inner) \(Self.computed(j))) \(outer) \(Self.computed(k))")
          for element in Self.elements {
            XCTAssertEqual(
              outcome(fast, element), outcome(general, element), "(\(element) \(inner) \(j)) \(outer) \(k)")
          }
        }
      }
    }
  }

  func testANameAgainstTheElement() throws {
    for op in Self.operators {
      let fast = try compile("acc \(op) .", names: ["acc"])
      let general = try compile("(acc + 0) \(op) (. + 0)", names: ["acc"])
      for acc in Self.elements.filter({ $0.number != nil }) {
        for element in Self.elements.filter({ $0.number != nil }) {
          XCTAssertEqual(
            outcome(fast, element, ExpressionContext(single: acc)),
            outcome(general, element, ExpressionContext(single: acc)), "\(acc) \(op) \(element)")
        }
      }
    }
  }
}
