import PipeDSL
import PipeProcessSupport
import XCTest

@testable import PipeREPL

/// Every catalogue entry's marble diagram and examples run through the real `pipe`, as Nushell
/// runs each command's examples, so `:help` and docs/OPERATORS.md cannot say what pipe does
/// not do.
final class CatalogueExamplesTests: XCTestCase {
  let catalogue = Catalogue.withDrawingSinks()

  /// The entries by name, strategies apart.
  var entries: [CatalogueEntry] { catalogue.entries.values.sorted { $0.name < $1.name } }

  func testEveryMarbleDiagramIsWhatItsStageDoes() throws {
    var played = 0
    for entry in entries {
      guard let marble = entry.marble else { continue }
      let run = try PipeProcess.run(["-e", marble.statement], errors: .output)
      XCTAssertEqual(
        run.status, 0,
        "\(entry.name): \(marble.line)   (\(marble.legend)) is not what pipe does:\n\(run.output)")
      played += 1
    }
    XCTAssertGreaterThan(played, 40, "the operators show their marble diagrams")
  }

  func testEveryExamplePrintsWhatItsEntrySays() throws {
    let examples =
      entries.flatMap { entry in entry.examples.map { (entry.name, $0) } }
      + catalogue.strategies.values.flatMap { strategy in strategy.examples.map { (strategy.name, $0) } }
    for (name, example) in examples {
      let run = try PipeProcess.run(["-e", example.code], errors: .output)
      let printed = run.output.hasSuffix("\n") ? String(run.output.dropLast()) : run.output
      XCTAssertEqual(printed, example.output, "\(name): pipe -e '\(example.code)' prints:\n\(printed)")
      XCTAssertFalse(example.code.contains("'"), "\(name): the docs quote the example in '...'")
    }
    XCTAssertGreaterThan(examples.count, 60)
  }

  func testEveryEntryHasAnExample() {
    for entry in entries { XCTAssertFalse(entry.examples.isEmpty, entry.name) }
    for strategy in catalogue.strategies.values { XCTAssertFalse(strategy.examples.isEmpty, strategy.name) }
  }

  /// The two diagrams the docs had wrong, as the engine (and RxSwift) play them.
  func testRepeatAndStartWithShowWhatTheyDo() throws {
    XCTAssertEqual(catalogue.entries["repeat"]?.marble?.line, "a|  →  aaa|")
    XCTAssertEqual(catalogue.entries["startWith"]?.marble?.line, "-a-b|  →  sa-b|")
    let wrong = try PipeProcess.run(["-e", #"cold "a|" | repeat 3 | expect "a-a-a|""#], errors: .output)
    XCTAssertEqual(wrong.status, 1, "the old diagram a-a-a| is not what repeat does")
  }
}
