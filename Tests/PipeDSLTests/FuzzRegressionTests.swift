import PipeDSL
import XCTest

/// Inputs the libFuzzer target (`make fuzz`) found breaking an invariant of the front end,
/// kept so they stay fixed. Each goes through the same round: lex, parse, check, compile.
final class FuzzRegressionTests: XCTestCase {
  /// Each input, with the first line of what the checker must now say about it.
  static let found: [(input: String, firstDiagnostic: String)] = [
    // A sink as the first stage compiled to nothing and said nothing.
    ("log\n", "fuzz.pipe:1:1: error: 'log' needs something upstream")
  ]

  func testEveryFoundInputNowKeepsTheInvariants() {
    for (input, firstDiagnostic) in Self.found {
      let rendered = Self.checkRound(input)
      XCTAssertEqual(rendered.split(separator: "\n").first.map(String.init), firstDiagnostic, input)
    }
  }

  /// What the fuzz target checks, as assertions: spans inside the text, no capitalised
  /// message, and no statement dropped without an error. Returns the rendered diagnostics.
  static func checkRound(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String {
    let source = SourceFile(name: "fuzz.pipe", text: text)
    let parsed = Parser.parse(source)
    var diagnostics = parsed.diagnostics
    if !parsed.hasErrors {
      let compiler = Compiler(settings: Settings())
      let statements = compiler.compile(parsed.tree)
      diagnostics += compiler.diagnostics
      XCTAssertFalse(
        compiler.diagnostics.contains { $0.id == "stageNotCompiled" },
        "an entry refused a stage without saying why: \(text.debugDescription)", file: file, line: line)
      XCTAssertTrue(
        compiler.hasErrors || statements.count == parsed.tree.statements.count,
        "a statement was dropped without an error: \(text.debugDescription)", file: file, line: line)
    }
    for diagnostic in diagnostics {
      XCTAssertTrue(diagnostic.span.end <= source.endOffset, text.debugDescription, file: file, line: line)
      XCTAssertFalse(
        diagnostic.message.first?.isUppercase ?? true, diagnostic.message, file: file, line: line)
    }
    return DiagnosticRenderer(colored: false).render(diagnostics, in: source)
  }
}
