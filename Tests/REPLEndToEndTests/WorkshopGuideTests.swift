import Foundation
import PipeProcessSupport
import XCTest

/// What workshop/README.md says about the room, checked against the real `pipe`: the
/// commands it names exist with the options it uses, the lines it quotes are the lines
/// pipe prints, and the exercises carry the hints it promises. (Its console blocks are run
/// by DocsTests' ConsoleExamplesTests; joining, reporting, watching and hints are tested
/// in RoomJoinTests, WatchModeTests and HintCommandTests.) Every test starts `pipe`.
final class WorkshopGuideTests: XCTestCase {
  private var guide: String { (try? PipeProcess.read("workshop/README.md")) ?? "" }

  /// The lines of the guide's ```sh blocks.
  private var shellLines: [String] {
    var lines: [String] = []
    var inShell = false
    for line in guide.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") {
        inShell = line == "```sh"
      } else if inShell {
        lines.append(String(line))
      }
    }
    return lines
  }

  func testTheGuideTellsTheRoomsStoryWithItsOwnCommandsAndNoSocat() {
    for command in ["pipe fake-api --room", "pipe join ", "pipe check --watch", "pipe hint ", "pipe leave"] {
      XCTAssertTrue(guide.contains(command), "the guide shows \(command)")
    }
    XCTAssertFalse(guide.contains("socat"))
    XCTAssertFalse(guide.contains("set weather.mode sim"), "pipe check never reads saved settings")
  }

  /// Each `pipe SUBCOMMAND --option` in a shell block is a subcommand whose help names the option.
  func testEveryCommandOfTheGuidesShellBlocksExistsWithItsOptions() throws {
    let commands = shellLines.filter { $0.hasPrefix("pipe ") && !$0.hasPrefix("pipe -e") }
    XCTAssertGreaterThanOrEqual(commands.count, 3, shellLines.joined(separator: "\n"))
    for line in commands {
      let words = line.prefix { $0 != "#" }.split(separator: " ").map(String.init)
      let help = try PipeProcess.run([words[1], "--help"])
      XCTAssertEqual(help.status, 0, "\(line): \(help.output)")
      for option in words.dropFirst(2) where option.hasPrefix("--") {
        XCTAssertTrue(help.stdout.contains(option), "pipe \(words[1]) --help names \(option)")
      }
    }
  }

  /// "[fake-api --room] prints the URL the students use, the link to the teacher's page and
  /// the token its control needs"
  func testTheRoomsServicePrintsWhatTheGuideSays() throws {
    XCTAssertTrue(
      guide.replacingOccurrences(of: "\n", with: " ").contains(
        "prints the URL the students use, the link to the teacher's page and the token"))
    let teacher = try Spawned(["fake-api", "--room", "--port", "0"], environment: PipeProcess.environment())
    addTeardownBlock { teacher.killGroup() }
    XCTAssertTrue(teacher.waitForOutput("Requests:"), teacher.stdout)
    let token = try XCTUnwrap(teacher.stdout.firstMatch(of: /token: (\S+)/)).1
    XCTAssertNotNil(
      teacher.stdout.firstMatch(of: /pipe join http:\/\/127\.0\.0\.1:\d+ --name NAME/), teacher.stdout)
    XCTAssertTrue(teacher.stdout.contains("/_room?token=\(token)"), teacher.stdout)
    // "one row per student, one column per exercise, who is stuck, and a student's failing
    // diagram on a click ... (`pipe fake-api --help` says more)"; the page itself is tested in
    // a headless Chromium (PluginEndToEndTests).
    let help = try PipeProcess.run(["fake-api", "--help"]).stdout.split(whereSeparator: \.isWhitespace)
      .joined(separator: " ")
    for promise in [
      "one row per student", "one column per exercise", "who is stuck", "A click on a failing cell",
    ] {
      XCTAssertTrue(help.contains(promise), "pipe fake-api --help: \(promise)")
    }
  }

  /// "pipe check workshop/solutions # ends with: 12 passed, 0 failed"
  func testTheSolutionsEndAsTheGuideSays() throws {
    let line = try XCTUnwrap(shellLines.first { $0.hasPrefix("pipe check workshop/solutions") })
    let promised = try XCTUnwrap(line.components(separatedBy: "# ends with: ").last)
    let run = try PipeProcess.run(["check", "workshop/solutions"])
    XCTAssertEqual(run.status, 0, run.output)
    XCTAssertTrue(run.stdout.hasSuffix(promised + "\n"), run.stdout)
  }

  /// "every exercise has two or three" hints, the same in its solution (they are comments).
  func testEveryExerciseHasTwoOrThreeHintsAndItsSolutionTheSame() throws {
    XCTAssertTrue(guide.contains("every exercise has two or three"))
    let exercises = try PipeProcess.files(in: "workshop/exercises", suffix: ".pipe")
    XCTAssertEqual(exercises.count, 11)  // ten for everyone and "for fast students — exercise 11"
    for exercise in exercises {
      let hints = try PipeProcess.read(exercise).split(separator: "\n").filter { $0.hasPrefix("# hint: ") }
      XCTAssertTrue((2...3).contains(hints.count), "\(exercise): \(hints.count) hints")
      let solution = exercise.replacingOccurrences(of: "exercises", with: "solutions")
      XCTAssertEqual(
        try PipeProcess.read(solution).split(separator: "\n").filter { $0.hasPrefix("# hint: ") }, hints,
        solution)
    }
  }

  /// The prompt's line the guide quotes, for a student who joined the guide's room (the
  /// prompt does not connect to it).
  func testThePromptsRoomLineIsTheOneTheGuideQuotes() throws {
    let quoted = try XCTUnwrap(guide.firstMatch(of: /says so: `(joined room (\S+) as (\w+)[^`]*)`/))
    let home = try TemporaryFolder.home(for: self)
    let join = try PipeProcess.run(["join", String(quoted.2), "--name", String(quoted.3)], home: home)
    XCTAssertEqual(join.status, 0, join.output)
    let pane = try Tmux.start(test: self, home: home)
    try pane.waitFor("the line the guide quotes") { $0.contains(String(quoted.1)) }
  }

  /// The note for a room that cannot be reached, with the guide's address made a loopback one.
  func testTheUnreachableRoomsNoteIsTheOneTheGuideQuotes() throws {
    let quoted = try XCTUnwrap(guide.firstMatch(of: /`(note: not reported to the room: the room at [^`]*)`/))
    let home = try TemporaryFolder.home(for: self)
    XCTAssertEqual(
      try PipeProcess.run(["join", "http://127.0.0.1:1", "--name", "ada"], home: home).status, 0)
    let run = try PipeProcess.run(["check", "workshop/solutions/01-fallback-value.pipe"], home: home)
    XCTAssertEqual(run.status, 0, run.output)
    XCTAssertEqual(
      run.stderr, String(quoted.1).replacingOccurrences(of: "10.0.0.5:8080", with: "127.0.0.1:1") + "\n")
  }
}
