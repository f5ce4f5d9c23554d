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

  /// swift-argument-parser hands `pipe`'s own options to `pipe` wherever they stand: after a
  /// subcommand that does not take them they would be ignored. Every subcommand × every option
  /// of `pipe`: each is honoured or refused with the command's name and the option's.
  func testEveryCommandRefusesTheOptionsOfPipeItDoesNotTake() throws {
    let script = try TemporaryFolder.make(for: self).appendingPathComponent("a.pipe")
    try "just 1 | expect [1]\n".write(to: script, atomically: true, encoding: .utf8)
    let options: [String: [String]] = [
      "-e": ["-e", "just 2"], "--clock": ["--clock", "real"], "--speed": ["--speed", "2"],
      "--seed": ["--seed", "3"], "--no-color": ["--no-color"], "--ascii": ["--ascii"],
      "--answer": ["--answer", "retry"], "--format": ["--format", "text"],
    ]
    let commands: [(name: String, arguments: [String], takes: Set<String>)] = [
      (
        "pipe run", ["run", script.path],
        ["--clock", "--speed", "--seed", "--no-color", "--ascii", "--answer", "--format"]
      ),
      ("pipe check", ["check", script.path], ["--seed", "--no-color", "--ascii", "--answer", "--format"]),
      ("pipe export", ["export", "--to", "rxswift", script.path], ["--no-color"]),
      ("pipe docs", ["docs", "names"], []),
      ("pipe fmt", ["fmt", "--check", script.path], []),
      ("pipe lsp", ["lsp"], []),
      ("pipe fake-api", ["fake-api", "--weather-faults", "nonsense"], ["--seed"]),
    ]
    for command in commands {
      for (option, words) in options.sorted(by: { $0.key < $1.key }) {
        let run = try PipeProcess.run(command.arguments + words)
        let said = "\(command.name) \(option): \(run.stderr)"
        if command.takes.contains(option) {
          XCTAssertFalse(run.stderr.contains("does not take"), said)
        } else {
          XCTAssertEqual(run.status, 64, said)
          XCTAssertTrue(run.stderr.hasPrefix("Error: \(command.name) does not take \(option): "), said)
        }
      }
    }
    let jsonl = try PipeProcess.run(["export", "--to", "rxswift", script.path, "--format", "jsonl"])
    XCTAssertEqual(
      jsonl.stderr.split(separator: "\n").first, "Error: pipe export does not take --format: it writes code")
    XCTAssertEqual(jsonl.stdout, "")
  }

  /// `pipe` has a --seed of its own, which took fake-api's: the seed reaches fake-api.
  func testFakeAPITakesItsSeed() throws {
    let server = try Spawned(
      ["fake-api", "--port", "0", "--seed", "3"], environment: PipeProcess.environment())
    XCTAssertTrue(server.waitForOutput("Requests:"), server.stdout + server.stderr)
    XCTAssertTrue(server.stdout.contains("seed: 3\n"), server.stdout)
    server.signal(SIGINT)
    XCTAssertEqual(server.wait(timeout: 10).status, 0)
    let negative = try PipeProcess.run(["fake-api", "--port", "0", "--seed=-1"])
    XCTAssertEqual(negative.status, 64)
    XCTAssertTrue(negative.stderr.hasPrefix("Error: --seed must be 0 or more, not -1"), negative.stderr)
  }

  /// A SIGINT the moment fake-api says how to stop stops it, every time: it was lost 12 times
  /// in 40 (the dispatch source that took it was registered a moment after the banner).
  func testFakeAPIStopsOnASIGINTRightAfterItsBanner() throws {
    for _ in 1...10 {
      let server = try Spawned(["fake-api", "--port", "0"], environment: PipeProcess.environment())
      XCTAssertTrue(server.waitForOutput("Requests:"), server.stdout + server.stderr)
      server.signal(SIGINT)
      XCTAssertEqual(server.wait(timeout: 10).status, 0, "fake-api went on after a SIGINT")
    }
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
