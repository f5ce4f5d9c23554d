import PipeDSL
import XCTest

/// A sink cannot start a pipeline: `expect [1]` alone is an error, not a statement that
/// silently does nothing (a workshop exercise would then pass without running anything).
final class SinkPlacementTests: XCTestCase {
  func testASinkAloneNeedsASource() {
    let compiler = Compiler(catalogue: .standard, settings: Settings())
    let statements = compiler.compile(Parser.parse("expect [1]").tree)
    XCTAssertTrue(statements.isEmpty)
    XCTAssertEqual(compiler.diagnostics.map(\.id.rawValue), ["missingSource"])
    XCTAssertEqual(compiler.diagnostics.first?.message, "'expect' needs something upstream")
  }

  func testASinkAfterASourceIsFine() {
    let compiler = Compiler(catalogue: .standard, settings: Settings())
    let statements = compiler.compile(Parser.parse("just 1 | expect [1]").tree)
    XCTAssertEqual(statements.count, 1)
    XCTAssertEqual(compiler.diagnostics.count, 0)
  }
}
