import Foundation
import PipeProcessSupport
import XCTest

/// `pipe join URL --name NAME` and `pipe leave`, as a student meets them: the settings file,
/// the prompt's first screen, where `weather` asks, and what `pipe check` tells the room.
/// Every test starts `pipe` (and a Python room on 127.0.0.1).
final class RoomJoinTests: XCTestCase {
  private func settings(_ home: String) throws -> [String: Any] {
    let data = try Data(contentsOf: URL(fileURLWithPath: home + "/.config/pipe/settings.json"))
    return try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  private func pipe(_ arguments: [String], home: String) throws -> PipeRun {
    try PipeProcess.run(arguments, home: home, errors: .output)
  }

  func testJoinSavesTheRoomAndLeaveRemovesItKeepingTheStudentsOwnSettings() throws {
    let home = try TemporaryFolder.home(for: self)
    try FileManager.default.createDirectory(atPath: home + "/.config/pipe", withIntermediateDirectories: true)
    try #"{"weather.apiKey": "s3cretkey", "seed": 7}"#.write(
      toFile: home + "/.config/pipe/settings.json", atomically: true, encoding: .utf8)
    let join = try pipe(["join", "http://127.0.0.1:9/", "--name", "ada"], home: home)
    XCTAssertEqual(join.status, 0, join.output)
    XCTAssertTrue(join.output.hasPrefix("joined room http://127.0.0.1:9 as ada\n"), join.output)
    var saved = try settings(home)
    XCTAssertEqual(saved["room.url"] as? String, "http://127.0.0.1:9")
    XCTAssertEqual(saved["room.name"] as? String, "ada")
    let secret = try XCTUnwrap(saved["room.secret"] as? String)
    XCTAssertEqual(secret.count, 24, "18 random bytes: \(secret)")
    XCTAssertEqual(saved["weather.apiKey"] as? String, "s3cretkey", "the key stays for when they leave")
    let leave = try pipe(["leave"], home: home)
    XCTAssertEqual(leave.stdout, "left room http://127.0.0.1:9\n")
    saved = try settings(home)
    XCTAssertNil(saved["room.url"])
    XCTAssertNil(saved["room.name"])
    XCTAssertEqual(saved["weather.apiKey"] as? String, "s3cretkey")
    XCTAssertEqual(saved["seed"] as? Int, 7)
    XCTAssertEqual(saved["room.secret"] as? String, secret, "kept: joining again keeps the student's row")
    XCTAssertEqual(try pipe(["leave"], home: home).stdout, "not in a room\n")
    XCTAssertEqual(try pipe(["join", "http://127.0.0.1:9", "--name", "ada"], home: home).status, 0)
    XCTAssertEqual(try settings(home)["room.secret"] as? String, secret)
  }

  func testJoinRefusesAURLThatIsNotPlainHTTPWithAHostAndANameThatIsTooLongOrHasControls() throws {
    let home = try TemporaryFolder.home(for: self)
    let refusals: [([String], String)] = [
      (["https://10.0.0.5:8080", "--name", "ada"], "must start with http://"),
      (["http://", "--name", "ada"], "a host is required"),
      (["10.0.0.5:8080", "--name", "ada"], "must start with http://"),
      (["http://10.0.0.5:8080", "--name", String(repeating: "a", count: 65)], "at most 64"),
      (["http://10.0.0.5:8080", "--name", "ada\u{1B}[2J"], "control character"),
      (["http://10.0.0.5:8080", "--name", "  "], "the name is empty"),
      (["http://10.0.0.5:8080"], "Missing expected argument '--name <name>'"),
    ]
    for (arguments, reason) in refusals {
      let run = try pipe(["join"] + arguments, home: home)
      XCTAssertEqual(run.status, 64, "\(arguments): \(run.output)")
      XCTAssertTrue(run.output.contains(reason), "\(arguments): \(run.output)")
      XCTAssertFalse(run.output.contains("\u{1B}"), "no escape reaches the terminal: \(run.output)")
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: home + "/.config/pipe/settings.json"))
  }

  /// The prompt names the room on its first screen and asks the room for the weather,
  /// without the key the student saved; after `pipe leave` it is gone from the screen.
  func testThePromptSaysItJoinedAndAsksTheRoomWithoutTheStudentsKey() throws {
    let room = try RecordingRoom.start(test: self)
    let home = try TemporaryFolder.home(for: self)
    try FileManager.default.createDirectory(atPath: home + "/.config/pipe", withIntermediateDirectories: true)
    try #"{"weather.apiKey": "s3cretkey"}"#.write(
      toFile: home + "/.config/pipe/settings.json", atomically: true, encoding: .utf8)
    XCTAssertEqual(try pipe(["join", room.url, "--name", "ada"], home: home).status, 0)
    let pane = try Tmux.start(
      test: self, home: home, environment: ["PIPE_WEATHER_APIKEY": "envsecretkey"])
    try pane.waitFor("the room's line") { $0.contains("joined room \(room.url) as ada") }
    try pane.type(#"weather "London" | map { .city }"#, enter: true)
    try pane.waitFor("London from the room", timeout: 10) { $0.contains("\nLondon\n") }
    let asked = try room.waitForRequests(1) { $0.method == "GET" }
    XCTAssertTrue(asked[0].path.hasPrefix("/data/2.5/weather?"), asked[0].path)
    XCTAssertTrue(asked[0].path.contains("q=London"), asked[0].path)
    XCTAssertFalse(asked[0].path.contains("appid"), "no key goes to the room: \(asked[0].path)")
    XCTAssertFalse(asked[0].path.contains("s3cret") || asked[0].path.contains("envsecret"), asked[0].path)
    try pane.type(":quit", enter: true)
    try pane.waitForExit()
    XCTAssertEqual(
      try settings(home)["weather.apiKey"] as? String, "s3cretkey", "the prompt saved no room key")

    // `:reset` puts the settings back, and leaves the room alone: that is `pipe leave`'s.
    let again = try Tmux.start(test: self, home: home)
    try again.type(":reset", enter: true)
    try again.waitFor("the reset") { $0.contains("reset to the default:") }
    try again.type(":quit", enter: true)
    try again.waitForExit()
    XCTAssertEqual(try settings(home)["room.url"] as? String, room.url)
    XCTAssertNil(try settings(home)["weather.apiKey"], ":reset forgets the saved key, as it did before")

    XCTAssertEqual(try pipe(["leave"], home: home).status, 0)
    try #"{"seed": 7}"#.write(toFile: home + "/.config/pipe/settings.json", atomically: true, encoding: .utf8)
    let after = try Tmux.start(test: self, home: home)
    let screen = try after.waitFor("the settings line") { $0.contains("settings: seed=7") }
    XCTAssertFalse(screen.contains("joined room"), screen)
  }

  /// A key the student types at the prompt while joined does not go to the room either.
  func testAKeyTypedAtThePromptInARoomIsNotSentToTheRoom() throws {
    let room = try RecordingRoom.start(test: self)
    let home = try TemporaryFolder.home(for: self)
    XCTAssertEqual(try pipe(["join", room.url, "--name", "ada"], home: home).status, 0)
    let pane = try Tmux.start(test: self, home: home)
    try pane.waitFor("the room's line") { $0.contains("joined room \(room.url) as ada") }
    try pane.type("set weather.apiKey \"typedsecretkey\"", enter: true)
    try pane.type(#"weather "Paris" | map { .city }"#, enter: true)
    // The recording room answers every city with its one canned answer, London's.
    let screen = try pane.waitFor("the room's answer", timeout: 10) { $0.contains("\nLondon\n") }
    XCTAssertTrue(screen.contains("weather.apiKey is not sent to \(room.url)"), screen)
    let asked = try room.waitForRequests(1) { $0.method == "GET" }
    XCTAssertTrue(asked[0].path.contains("q=Paris"), asked[0].path)
    XCTAssertFalse(asked[0].path.contains("typedsecret"), "the typed key went to the room: \(asked[0].path)")
  }

  /// The same with a teacher's real `pipe fake-api --room`: the prompt's weather comes from it.
  func testThePromptsWeatherComesFromARealRoom() throws {
    let teacher = try Spawned(
      ["fake-api", "--room", "--port", "0", "--token", "token-for-tests"],
      environment: PipeProcess.environment())
    addTeardownBlock { teacher.killGroup() }
    XCTAssertTrue(teacher.waitForOutput("Requests:"), teacher.stdout)
    let url = try XCTUnwrap(
      teacher.stdout.firstMatch(of: /pipe join (http:\/\/127\.0\.0\.1:\d+) --name NAME/)
    ).1
    let home = try TemporaryFolder.home(for: self)
    XCTAssertEqual(try pipe(["join", String(url), "--name", "ada"], home: home).status, 0)
    let pane = try Tmux.start(test: self, home: home)
    try pane.type(#"weather "Oslo" | map { .city }"#, enter: true)
    try pane.waitFor("Oslo from the room", timeout: 10) { $0.contains("\nOslo\n") }
    XCTAssertTrue(teacher.waitForOutput("GET /data/2.5/weather?q=Oslo&units=metric → 200"), teacher.stdout)
  }

  /// `pipe check` grades as it always did, then tells the room each file's result: the
  /// failing expectation's text and its diagram as SVG.
  func testCheckReportsEachFilesResultToTheRoom() throws {
    let room = try RecordingRoom.start(test: self)
    let home = try TemporaryFolder.home(for: self)
    XCTAssertEqual(try pipe(["join", room.url, "--name", "ada"], home: home).status, 0)
    let failing = "workshop/exercises/03-try-again.pipe"
    let passing = "workshop/solutions/01-fallback-value.pipe"
    let alone = try PipeProcess.run(["check", failing, passing], errors: .output)
    let run = try pipe(["check", failing, passing], home: home)
    XCTAssertEqual(run.status, alone.status, run.output)
    XCTAssertEqual(run.output, alone.output, "a room changes nothing of what check prints")
    let reports = try room.waitForRequests(2) { $0.method == "POST" }
    XCTAssertEqual(reports.map(\.path), ["/_room/report", "/_room/report"])
    let fail = reports[0].json
    XCTAssertEqual(fail["name"] as? String, "ada")
    XCTAssertEqual(fail["secret"] as? String, try settings(home)["room.secret"] as? String)
    XCTAssertEqual(fail["exercise"] as? String, "03-try-again")
    XCTAssertEqual(fail["kind"] as? String, "check")
    XCTAssertEqual(fail["passed"] as? Bool, false)
    XCTAssertEqual(fail["hintsUsed"] as? Int, 0)
    let counts = try XCTUnwrap(fail["expectations"] as? [String: Int])
    XCTAssertEqual(counts, ["passed": 0, "failed": 1])
    let failure = try XCTUnwrap(fail["failing"] as? [String: String])
    XCTAssertTrue(
      failure["text"]?.hasPrefix("workshop/exercises/03-try-again.pipe:12: expectation failed") == true,
      "\(failure)")
    let svg = try XCTUnwrap(failure["diagram"])
    XCTAssertTrue(svg.hasPrefix("<svg") || svg.hasPrefix("<?xml"), svg)
    XCTAssertTrue(svg.contains(">expected<") && svg.contains(">actual<"), svg)
    XCTAssertTrue(svg.hasSuffix("</svg>\n") || svg.hasSuffix("</svg>"), svg)
    let pass = reports[1].json
    XCTAssertEqual(pass["exercise"] as? String, "01-fallback-value")
    XCTAssertEqual(pass["passed"] as? Bool, true)
    XCTAssertEqual(pass["expectations"] as? [String: Int], ["passed": 1, "failed": 0])
    XCTAssertNil(pass["failing"])
  }

  /// An expectation of values draws no diagram: the report has the text and no `diagram`
  /// (the room refuses a diagram that is not SVG).
  func testAFailureWithoutADiagramIsReportedWithItsTextAlone() throws {
    let room = try RecordingRoom.start(test: self)
    let home = try TemporaryFolder.home(for: self)
    XCTAssertEqual(try pipe(["join", room.url, "--name", "ada"], home: home).status, 0)
    let folder = try TemporaryFolder.make(for: self)
    let script = folder.appendingPathComponent("values.pipe")
    try "just 1 | expect [2]\n".write(to: script, atomically: true, encoding: .utf8)
    XCTAssertEqual(try pipe(["check", script.path], home: home).status, 1)
    let report = try room.waitForRequests(1) { $0.method == "POST" }[0].json
    XCTAssertEqual(report["exercise"] as? String, "values")
    let failing = try XCTUnwrap(report["failing"] as? [String: String])
    XCTAssertEqual(Array(failing.keys), ["text"])
    XCTAssertTrue(failing["text"]?.contains("expectation failed: just 1 | expect [2]") == true, "\(failing)")
  }

  /// A room that is not there: the check exits as it would have, with one note.
  func testAnUnreachableRoomIsOneNoteAndTheCheckExitsAsBefore() throws {
    let home = try TemporaryFolder.home(for: self)
    // A port nothing listens on: a closed socket's port, on loopback.
    let port = try RecordingRoom.freePort()
    XCTAssertEqual(try pipe(["join", "http://127.0.0.1:\(port)", "--name", "ada"], home: home).status, 0)
    let files = ["workshop/exercises/03-try-again.pipe", "workshop/solutions/01-fallback-value.pipe"]
    let alone = try PipeProcess.run(["check"] + files)
    let started = Date()
    let run = try PipeProcess.run(["check"] + files, home: home)
    XCTAssertLessThan(Date().timeIntervalSince(started), 10)
    XCTAssertEqual(run.status, 1)
    XCTAssertEqual(run.stdout, alone.stdout)
    XCTAssertEqual(
      run.stderr, "note: not reported to the room: the room at 127.0.0.1:\(port) cannot be reached\n")
  }

  /// A room that takes the connection and never answers holds the check once: the first
  /// report gives up at its deadline and the rest of the run reports nothing (one connection,
  /// not one per file), and the check exits as it would alone.
  func testARoomThatNeverAnswersHoldsTheCheckOnce() throws {
    let folder = try TemporaryFolder.make(for: self)
    let accepted = folder.appendingPathComponent("accepted").path
    let silent = try PythonServer(
      script: """
        import socket, sys
        server = socket.socket(); server.bind(("127.0.0.1", 0)); server.listen(16)
        print(server.getsockname()[1], flush=True)
        held = []
        while True:
            connection, _ = server.accept(); held.append(connection)
            with open(sys.argv[1], "a") as log: log.write("accepted\\n")
        """, arguments: [accepted], test: self)
    let home = try TemporaryFolder.home(for: self)
    XCTAssertEqual(try pipe(["join", silent.url, "--name", "ada"], home: home).status, 0)
    let files = ["workshop/exercises/03-try-again.pipe", "workshop/solutions/01-fallback-value.pipe"]
    let alone = try PipeProcess.run(["check"] + files)
    let run = try PipeProcess.run(["check"] + files, home: home, timeout: 20)
    XCTAssertEqual(run.status, 1, run.output)
    XCTAssertEqual(run.stdout, alone.stdout)
    XCTAssertEqual(run.stderr, "note: not reported to the room: the room did not answer within 2 s\n")
    let connections = try String(contentsOfFile: accepted, encoding: .utf8)
    XCTAssertEqual(connections, "accepted\n", "one report tried, not one per file")
  }

}
