import PipeDSL
import PipeProcessSupport
import XCTest

@testable import PipeREPL

/// The prompt commands come from one table, for the prompt and for scripts alike: a script
/// runs the commands that only print, notes the prompt's own, and refuses unknown ones.
final class CommandTableTests: XCTestCase {
  func testAScriptRunsTheDrawingCommandsAndNotesThePromptOnes() throws {
    let script = """
      just 1 | map { . + 1 }
      :graph
      :schedule backoff(1, 3)
      :jobs
      :kill 3
      :jbos
      :schedule backoff(
      just 2

      """
    let result = try PipeProcess.run([], input: script)
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stdout.hasPrefix("2\n"), result.stdout)
    XCTAssertTrue(result.stdout.contains("map { . + 1 }"), "the graph: \(result.stdout)")
    XCTAssertTrue(result.stdout.contains("      3  3s    4s"), "the schedule: \(result.stdout)")
    XCTAssertTrue(result.stdout.hasSuffix("2\n"), result.stdout)
    XCTAssertTrue(
      result.stderr.contains("note: ':jobs' is a prompt command; scripts ignore it"), result.stderr)
    XCTAssertTrue(
      result.stderr.contains("note: ':kill' is a prompt command; scripts ignore it"), result.stderr)
    XCTAssertTrue(
      result.stderr.contains("error: unknown command ':jbos' (did you mean ':jobs'?); :help lists them"),
      result.stderr)
    XCTAssertTrue(result.stderr.contains("<schedule>:1:8: error: unclosed '('"), result.stderr)
  }

  func testACommandGivesBackValuesAndProblemsRatherThanPrintedText() throws {
    let session = Session.make(output: BufferedOutput())
    let place = CommandPlace(session: session, errorPaint: .plain)
    XCTAssertThrowsError(try PromptCommands.reply(to: command(":export png x"), in: place, repl: nil)) {
      XCTAssertEqual(
        $0 as? CommandError, .problem("write :export svg FILE, or :export rxswift|combine|rxjs [FILE]"))
    }
    XCTAssertThrowsError(try PromptCommands.reply(to: command(":schedule backoff("), in: place, repl: nil)) {
      guard case .diagnostics(let lines)? = $0 as? CommandError else { return XCTFail("\($0)") }
      XCTAssertEqual(lines, ["<schedule>:1:8: error: unclosed '('", "1 | backoff(", "  |        ^"])
    }
    XCTAssertEqual(
      try PromptCommands.reply(to: command(":history"), in: place, repl: nil),
      .note("note: ':history' is a prompt command; scripts ignore it"))
    XCTAssertEqual(
      try PromptCommands.reply(to: command(":graph"), in: place, repl: nil).lines.isEmpty, false)
  }

  func testEveryCommandHasOneEntryAndEveryAliasAnEntry() {
    let names = PromptCommands.all.map(\.name)
    XCTAssertEqual(Set(names).count, names.count, "\(names)")
    for (alias, name) in PromptCommands.aliases {
      XCTAssertEqual(PromptCommands.named(alias)?.name, name)
    }
  }

  private func command(_ text: String) throws -> Command {
    let tree = Parser.parse(SourceFile(name: "t", text: text), mode: .prompt).tree
    guard case .command(let command)? = tree.statements.first?.kind else { throw NotACommand(text: text) }
    return command
  }

  private struct NotACommand: Error { var text: String }
}
