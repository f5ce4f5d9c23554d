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
    let run = try Self.streams(script, output: .terminal, errors: .terminal)
    XCTAssertTrue(run.stdout.contains("\u{1B}[36m12"), run.stdout)
    XCTAssertTrue(run.stderr.contains("\u{1B}[1;31merror:\u{1B}[0m serverFailure"), run.stderr)
  }

  func testForceColorColoursAPipedRunAsAShellPipesIt() throws {
    let shell = try Self.shell(#"FORCE_COLOR=1 "$PIPE" -e 'just 1 | fliter' 2>&1 | cat"#)
    XCTAssertTrue(shell.contains("\u{1B}[1;31merror:\u{1B}[0m \u{1B}[1munknown operator 'fliter'"), shell)
    let plain = try Self.shell(#""$PIPE" -e 'just 1 | fliter' 2>&1 | cat"#)
    XCTAssertTrue(plain.contains("error: unknown operator 'fliter'"), plain)
    XCTAssertFalse(plain.contains(escape), plain)
  }

  func testForceColorColoursBothPipes() throws {
    let run = try Self.streams(script, output: .pipe, errors: .pipe, environment: ["FORCE_COLOR": "1"])
    XCTAssertTrue(run.stdout.contains("\u{1B}[36m12"), run.stdout)
    XCTAssertTrue(run.stderr.contains("\u{1B}[1;31merror:"), run.stderr)
  }

  func testNoColorAndADumbTerminalHaveNone() throws {
    for environment in [["NO_COLOR": "1"], ["TERM": "dumb"]] {
      let run = try Self.streams(script, output: .terminal, errors: .terminal, environment: environment)
      XCTAssertTrue(run.stdout.contains("12"), run.stdout)
      XCTAssertFalse(run.stdout.contains(escape), "\(environment): \(run.stdout)")
      XCTAssertTrue(run.stderr.contains("error: serverFailure"), run.stderr)
      XCTAssertFalse(run.stderr.contains(escape), "\(environment): \(run.stderr)")
    }
  }

  func testTheNoColorFlagWinsOverForceColor() throws {
    let run = try Self.streams(
      ["--no-color"] + script, output: .pipe, errors: .terminal, environment: ["FORCE_COLOR": "1"])
    XCTAssertFalse(run.stdout.contains(escape), run.stdout)
    XCTAssertFalse(run.stderr.contains(escape), run.stderr)
  }

  func testStandardOutputAndStandardErrorAreDecidedApart() throws {
    let errorOnTerminal = try Self.streams(script, output: .pipe, errors: .terminal)
    XCTAssertFalse(errorOnTerminal.stdout.contains(escape), errorOnTerminal.stdout)
    XCTAssertTrue(errorOnTerminal.stderr.contains("\u{1B}[1;31merror:"), errorOnTerminal.stderr)
    let compile = try Self.streams(compileError, output: .pipe, errors: .terminal)
    XCTAssertTrue(compile.stderr.contains("\u{1B}[1;34m1 |\u{1B}[0m"), compile.stderr)

    let outputOnTerminal = try Self.streams(script, output: .terminal, errors: .pipe)
    XCTAssertTrue(outputOnTerminal.stdout.contains("\u{1B}[36m12"), outputOnTerminal.stdout)
    XCTAssertTrue(outputOnTerminal.stderr.hasPrefix("error: serverFailure"), outputOnTerminal.stderr)
    XCTAssertFalse(outputOnTerminal.stderr.contains(escape), outputOnTerminal.stderr)
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
    let help = try PipeProcess.run(["--help"]).stdout
    for line in ["NO_COLOR", "FORCE_COLOR", "TERM=dumb", "--no-color"] {
      XCTAssertTrue(help.contains(line), "pipe --help does not name \(line)")
    }
  }

  /// Runs `pipe arguments` with standard output and standard error each on a terminal of
  /// its own or on a pipe, as a person's shell would set them up, with
  /// `TERM=xterm-256color` and no colour variables unless `environment` sets them.
  private static func streams(
    _ arguments: [String], output: Spawned.Stream, errors: Spawned.Stream, environment: [String: String] = [:]
  ) throws -> PipeRun {
    let unset = ["NO_COLOR": "", "FORCE_COLOR": "", "COLUMNS": "", "TERM": "xterm-256color"]
    return try PipeProcess.run(
      arguments, environment: unset.merging(environment) { $1 }, directory: nil, output: output,
      errors: errors)
  }

  /// Runs `command` in `sh` with `$PIPE` the binary under test; its standard output.
  private static func shell(_ command: String) throws -> String {
    let environment = PipeProcess.environment(adding: [
      "NO_COLOR": "", "FORCE_COLOR": "", "PIPE": Products.pipe,
    ])
    return try Spawned(["-c", command], environment: environment, executable: "/bin/sh").wait().stdout
  }
}
