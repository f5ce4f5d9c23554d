import PipeProcessSupport
import XCTest

/// `pipe --help` and the exit statuses, as a person reads and meets them: the help fits 80
/// columns, its examples exist and run, and what it says about exit statuses is what pipe
/// does and what docs/LANGUAGE.md says.
final class CommandLineHelpTests: XCTestCase {
  func testTheHelpFitsEightyColumnsAndItsExamplesRun() throws {
    for arguments in [["--help"], ["check", "--help"], ["run", "--help"]] {
      let help = try PipeProcess.run(arguments, environment: ["COLUMNS": "80"])
      XCTAssertEqual(help.status, 0)
      for line in help.stdout.split(separator: "\n") {
        XCTAssertLessThanOrEqual(line.count, 80, "pipe \(arguments.joined(separator: " ")): \(line)")
      }
    }
    let help = try PipeProcess.run(["--help"]).stdout
    let examples = help.split(separator: "\n").filter { $0.hasPrefix("  pipe ") }
      .map { $0.trimmingCharacters(in: .whitespaces) }
    XCTAssertEqual(examples.count, 3, help)
    for example in examples {
      let words = shellWords(example).dropFirst()
      let run = try PipeProcess.run(Array(words), errors: .output)
      XCTAssertEqual(run.status, 0, "\(example):\n\(run.stdout)")
    }
  }

  func testExitStatusesAreWhatTheHelpAndTheLanguageSay() throws {
    let help = try PipeProcess.run(["--help"], environment: ["COLUMNS": "200"]).stdout
    XCTAssertTrue(help.contains("64 a usage error"), help)
    XCTAssertTrue(help.contains("2 a compile error"), help)
    let language = try PipeProcess.read("docs/LANGUAGE.md")
    XCTAssertTrue(language.contains("64 for a usage error"))
    XCTAssertEqual(try PipeProcess.run(["--no-such-option"]).status, 64)
    XCTAssertEqual(try PipeProcess.run(["run", "no-such-file.pipe"]).status, 64)
    XCTAssertEqual(try PipeProcess.run(["-e", "just 1 | fliter { . }"]).status, 2)
    XCTAssertEqual(try PipeProcess.run(["-e", "fail x"]).status, 1)
  }

  func testCheckOffersNoClockAndRefusesOne() throws {
    let help = try PipeProcess.run(["check", "--help"]).stdout
    XCTAssertFalse(help.contains("--clock"), help)
    XCTAssertTrue(help.contains("on virtual time"), help)
    let refused = try PipeProcess.run(["check", "--clock", "real", "examples"])
    XCTAssertEqual(refused.status, 64)
    XCTAssertTrue(refused.stderr.contains("grades on the virtual clock"), refused.stderr)
  }

  /// `pipe run` of a file that cannot be read: one line, no usage text.
  func testAFileThatCannotBeReadSaysSoInOneLine() throws {
    let missing = try PipeProcess.run(["run", "no-such-file.pipe"])
    XCTAssertEqual(missing.stderr, "error: cannot read 'no-such-file.pipe': no such file\n")
  }

  /// `pipe -e 'a b'` → `pipe`, `-e`, `a b`: words as a shell splits them, with single quotes.
  private func shellWords(_ line: String) -> [String] {
    var words: [String] = []
    var word = ""
    var quoted = false
    for character in line {
      if character == "'" {
        quoted.toggle()
      } else if character == " ", !quoted {
        if !word.isEmpty { words.append(word) }
        word = ""
      } else {
        word.append(character)
      }
    }
    return word.isEmpty ? words : words + [word]
  }
}
