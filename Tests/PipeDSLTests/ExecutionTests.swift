import Operators
import XCTest

@testable import PipeDSL

/// A text runs a piece at a time: `Session.proceed` stops at each `:command` and hands it
/// back as data, the statements before it having run and those after it not yet, and the
/// warnings of a text can be taken before anything runs. Nothing is called back.
final class ExecutionTests: XCTestCase {
  func testProceedStopsAtEachCommandInItsTurn() {
    let output = BufferedOutput()
    let session = Session.make(output: output)
    let text = "just 1 | show\n:graph\njust 2 | show\n:schedule backoff(1)\njust 3 | show"
    var execution = session.prepare(Parser.parse(SourceFile(name: "t.pipe", text: text)))

    var seen: [(statement: String, linesBefore: [String])] = []
    while let (command, statement) = session.proceed(&execution) {
      XCTAssertTrue(statement.text.hasPrefix(":" + command.name.text), statement.text)
      seen.append((statement.text, output.lines))
    }

    XCTAssertEqual(seen.map(\.statement), [":graph", ":schedule backoff(1)"])
    XCTAssertEqual(seen.map(\.linesBefore), [["1"], ["1", "2"]])
    XCTAssertEqual(output.lines, ["1", "2", "3"])
    XCTAssertEqual(execution.report.commands.map(\.command.name.text), ["graph", "schedule"])
    XCTAssertNil(session.proceed(&execution), "an execution that has ended stays ended")
  }

  func testWarningsAreTakenBeforeAnythingRuns() {
    let output = BufferedOutput()
    let session = Session.make(output: output)
    var execution = session.prepare(
      Parser.parse(SourceFile(name: "t.pipe", text: "of(1, 2) | map { $0 } | show")))

    let warnings = execution.takeWarnings()
    XCTAssertEqual(warnings.map(\.message), ["'$0' is Swift's; in pipe the element is '.'"])
    XCTAssertEqual(output.lines, [], "nothing has run yet")
    while session.proceed(&execution) != nil {}
    XCTAssertEqual(output.lines, ["1", "2"])
    XCTAssertEqual(execution.report.diagnostics.count, 0, "the warnings were taken out of the report")
  }

  func testATextWithAnErrorRunsNothingAndKeepsItsWarnings() {
    let output = BufferedOutput()
    let session = Session.make(output: output)
    let text = "just 1 | show\njust 2 | map { $0 } | fliter { . > 1 }"
    var execution = session.prepare(Parser.parse(SourceFile(name: "t.pipe", text: text)))

    XCTAssertEqual(execution.takeWarnings().count, 0)
    XCTAssertNil(session.proceed(&execution))
    XCTAssertTrue(execution.report.hasCompileErrors)
    XCTAssertEqual(
      execution.report.diagnostics.filter { !$0.isError }.count, 1, "\(execution.report.diagnostics)")
    XCTAssertEqual(output.lines, [])
  }
}
