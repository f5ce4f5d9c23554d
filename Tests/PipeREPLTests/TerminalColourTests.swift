import Foundation
import PipeProcessSupport
import XCTest

@testable import PipeREPL

/// Colour is decided once for each output stream, by that stream alone: a terminal gets
/// colour, a pipe does not, `FORCE_COLOR` colours even a pipe, `NO_COLOR` and `TERM=dumb`
/// take it away, and `--no-color` wins over all of them.
final class TerminalColourTests: XCTestCase {
  /// A diagram on standard output, an error on standard error, then a compile error there.
  private let script = ["-e", "of(1, 2) | marbles\nfail serverFailure"]
  private let compileError = ["-e", "just 1 | fliter { . > 0 }"]
  private let escape = "\u{1B}["

  func testATerminalGetsColourOnBothStreams() throws {
    let run = try StreamRun.run(script, output: .terminal, error: .terminal)
    XCTAssertTrue(run.output.contains("\u{1B}[36m12"), run.output)
    XCTAssertTrue(run.error.contains("\u{1B}[1;31merror:\u{1B}[0m serverFailure"), run.error)
  }

  func testForceColorColoursAPipedRunAsAShellPipesIt() throws {
    let shell = try Self.shell(#"FORCE_COLOR=1 "$PIPE" -e 'just 1 | fliter' 2>&1 | cat"#)
    XCTAssertTrue(shell.contains("\u{1B}[1;31merror:\u{1B}[0m \u{1B}[1munknown operator 'fliter'"), shell)
    let plain = try Self.shell(#""$PIPE" -e 'just 1 | fliter' 2>&1 | cat"#)
    XCTAssertTrue(plain.contains("error: unknown operator 'fliter'"), plain)
    XCTAssertFalse(plain.contains(escape), plain)
  }

  func testForceColorColoursBothPipes() throws {
    let run = try StreamRun.run(script, output: .pipe, error: .pipe, environment: ["FORCE_COLOR": "1"])
    XCTAssertTrue(run.output.contains("\u{1B}[36m12"), run.output)
    XCTAssertTrue(run.error.contains("\u{1B}[1;31merror:"), run.error)
  }

  func testNoColorAndADumbTerminalHaveNone() throws {
    for environment in [["NO_COLOR": "1"], ["TERM": "dumb"]] {
      let run = try StreamRun.run(script, output: .terminal, error: .terminal, environment: environment)
      XCTAssertTrue(run.output.contains("12"), run.output)
      XCTAssertFalse(run.output.contains(escape), "\(environment): \(run.output)")
      XCTAssertTrue(run.error.contains("error: serverFailure"), run.error)
      XCTAssertFalse(run.error.contains(escape), "\(environment): \(run.error)")
    }
  }

  func testTheNoColorFlagWinsOverForceColor() throws {
    let run = try StreamRun.run(
      ["--no-color"] + script, output: .pipe, error: .terminal, environment: ["FORCE_COLOR": "1"])
    XCTAssertFalse(run.output.contains(escape), run.output)
    XCTAssertFalse(run.error.contains(escape), run.error)
  }

  func testStandardOutputAndStandardErrorAreDecidedApart() throws {
    let errorOnTerminal = try StreamRun.run(script, output: .pipe, error: .terminal)
    XCTAssertFalse(errorOnTerminal.output.contains(escape), errorOnTerminal.output)
    XCTAssertTrue(errorOnTerminal.error.contains("\u{1B}[1;31merror:"), errorOnTerminal.error)
    let compile = try StreamRun.run(compileError, output: .pipe, error: .terminal)
    XCTAssertTrue(compile.error.contains("\u{1B}[1;34m1 |\u{1B}[0m"), compile.error)

    let outputOnTerminal = try StreamRun.run(script, output: .terminal, error: .pipe)
    XCTAssertTrue(outputOnTerminal.output.contains("\u{1B}[36m12"), outputOnTerminal.output)
    XCTAssertTrue(outputOnTerminal.error.hasPrefix("error: serverFailure"), outputOnTerminal.error)
    XCTAssertFalse(outputOnTerminal.error.contains(escape), outputOnTerminal.error)
  }

  func testTheDecisionInOrder() {
    func colour(_ terminal: Bool, _ environment: [String: String], flag: Bool = false) -> Bool {
      OutputStreams.colour(isTerminal: terminal, noColor: flag, environment: environment)
    }
    XCTAssertTrue(colour(true, [:]))
    XCTAssertFalse(colour(false, [:]))
    XCTAssertFalse(colour(true, ["NO_COLOR": "1"]))
    XCTAssertTrue(colour(true, ["NO_COLOR": ""]), "an empty NO_COLOR counts as unset")
    XCTAssertFalse(colour(true, ["TERM": "dumb"]))
    XCTAssertTrue(colour(false, ["FORCE_COLOR": "1"]))
    XCTAssertTrue(colour(true, ["FORCE_COLOR": "1", "NO_COLOR": "1", "TERM": "dumb"]))
    XCTAssertFalse(colour(false, ["FORCE_COLOR": ""]))
    XCTAssertFalse(colour(true, ["FORCE_COLOR": "1"], flag: true))
  }

  func testADumbTerminalNeverRedraws() {
    let dumb = OutputStreams(noColor: false, ascii: false, environment: ["TERM": "dumb"]) { _ in true }
    XCTAssertFalse(dumb.output.redraws)
    let terminal = OutputStreams(noColor: false, ascii: false, environment: ["TERM": "xterm"]) { _ in true }
    XCTAssertTrue(terminal.output.redraws)
    let forced = OutputStreams(noColor: false, ascii: false, environment: ["FORCE_COLOR": "1"]) { _ in false }
    XCTAssertFalse(forced.output.redraws, "colour on a pipe, but no cursor movement")
  }

  func testHelpNamesTheColourVariables() throws {
    let help = try PipeBinary.run(["--help"]).output
    for line in ["NO_COLOR", "FORCE_COLOR", "TERM=dumb", "--no-color"] {
      XCTAssertTrue(help.contains(line), "pipe --help does not name \(line)")
    }
  }

  /// Runs `command` in `sh` with `$PIPE` the binary under test; its standard output.
  private static func shell(_ command: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = nil
    environment["FORCE_COLOR"] = nil
    environment["PIPE"] = PipeProcess.executable.path
    process.environment = environment
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }
}
