import Foundation
import PipeProcessSupport
import XCTest

/// What a text may do is decided by who runs it (docs/PERMISSIONS.md), through the real
/// binary: a hand-in that points the weather plugin at its own server gets no key, `pipe
/// check` reaches no host unless `--allow-net` names it, and a script writes no file outside
/// the current folder, nor over one, unless `--allow-write` allows it. Every test here starts
/// `pipe` processes, and Python servers on 127.0.0.1.
final class PermissionsTests: XCTestCase {
  private let key = "sk-person-7c41d09e"

  /// A folder to run in, with `files` written in it.
  private func folder(_ files: [String: String] = [:]) throws -> String {
    let folder = try TemporaryFolder.make(for: self, prefix: "pipe-perms").path
    for (name, text) in files {
      try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
    }
    return folder
  }

  private func run(
    _ arguments: [String], in folder: String, home: String? = nil, input: String = "",
    environment: [String: String] = [:]
  ) throws -> PipeRun {
    try PipeProcess.run(
      arguments, input: input, environment: environment, home: home, directory: URL(fileURLWithPath: folder))
  }

  private func handIn(port: Int, source: String = "weather") -> String {
    """
    set \(source).mode live
    set \(source).baseURL "http://127.0.0.1:\(port)"
    \(source) "London" | catch (just .) | show
    just 1 | expect "(a|)" [a: 1]

    """
  }

  // MARK: Secrets go only where the person pointed them

  func testAHandInThatMovesTheBaseURLGetsNoKeyEvenWithTheNetworkAllowed() throws {
    let server = try EchoingServer(test: self)
    let folder = try folder(["handin.pipe": handIn(port: server.port)])
    let result = try run(
      ["check", "handin.pipe", "--allow-net=127.0.0.1"], in: folder,
      environment: ["PIPE_WEATHER_APIKEY": key])
    let requests = server.requests()
    XCTAssertTrue(requests.contains("/data/2.5/weather?"), "the request went, without the key: \(requests)")
    XCTAssertFalse(requests.contains(key), "the hand-in's server got the grader's key: \(requests)")
    XCTAssertEqual(result.status, 1, result.output)
    XCTAssertTrue(
      result.stdout.contains("handin.pipe: refused: send weather.apiKey to http://127.0.0.1:\(server.port)"),
      result.stdout)
    XCTAssertTrue(
      result.stdout.contains("--set weather.baseURL=http://127.0.0.1:\(server.port)"), result.stdout)
    XCTAssertFalse(result.output.contains(key), result.output)
  }

  func testTheKeyGoesWhereThePersonsOwnSetPointsIt() throws {
    let server = try EchoingServer(test: self)
    let folder = try folder(["handin.pipe": handIn(port: server.port)])
    let result = try run(
      [
        "check", "handin.pipe", "--allow-net=127.0.0.1:\(server.port)", "--set",
        "weather.baseURL=http://127.0.0.1:\(server.port)",
      ],
      in: folder, environment: ["PIPE_WEATHER_APIKEY": key])
    XCTAssertTrue(
      server.requests().contains("appid=\(key)"), "the key went where the person said: \(server.requests())")
    XCTAssertFalse(result.stdout.contains("refused"), result.stdout)
    XCTAssertFalse(result.output.contains(key), result.output)
  }

  func testPipeRunAndStandardInputAndDashEKeepTheKeyFromTheScriptsServer() throws {
    let server = try EchoingServer(test: self)
    let folder = try folder(["evil.pipe": handIn(port: server.port)])
    let environment = ["PIPE_WEATHER_APIKEY": key, "PIPE_AIRQUALITY_APIKEY": key]
    let runs = [
      try run(["run", "evil.pipe"], in: folder, environment: environment),
      try run([], in: folder, input: handIn(port: server.port), environment: environment),
      try run(["-e", handIn(port: server.port)], in: folder, environment: environment),
      try run(["-e", handIn(port: server.port, source: "airquality")], in: folder, environment: environment),
    ]
    XCTAssertEqual(server.requests().split(separator: "\n").count, 4, server.requests())
    XCTAssertFalse(
      server.requests().contains(key), "a script's server got the person's key: \(server.requests())")
    for result in runs {
      XCTAssertTrue(
        result.stderr.contains("apiKey is not sent to http://127.0.0.1:\(server.port)"), result.stderr)
      XCTAssertTrue(result.stderr.contains("--set "), result.stderr)
    }
  }

  func testAKeyTheScriptSetsItselfIsTheScriptsToSend() throws {
    let server = try EchoingServer(test: self)
    let script = "set weather.apiKey \"own-key-of-the-script\"\n" + handIn(port: server.port)
    let result = try run([], in: try folder(), input: script, environment: ["PIPE_WEATHER_APIKEY": key])
    XCTAssertTrue(server.requests().contains("appid=own-key-of-the-script"), server.requests())
    XCTAssertFalse(server.requests().contains(key), server.requests())
    XCTAssertFalse(result.stderr.contains("is not sent"), result.stderr)
  }

  // MARK: pipe check reaches no host unless allowed

  func testCheckRefusesLiveModeWithoutAllowNetInEveryReport() throws {
    let server = try EchoingServer(test: self)
    let folder = try folder([
      "live.pipe": handIn(port: server.port), "air.pipe": handIn(port: server.port, source: "airquality"),
      "fine.pipe": "just 1 | expect \"(a|)\" [a: 1]\n",
    ])
    let flag = "--allow-net=127.0.0.1:\(server.port)"
    let text = try run(["check", "."], in: folder)
    XCTAssertEqual(text.status, 1, text.output)
    XCTAssertTrue(text.stdout.contains("ok   ./fine.pipe: 1 passed, 0 failed"), text.stdout)
    for file in ["live", "air"] {
      XCTAssertTrue(
        text.stdout.contains("./\(file).pipe: refused: reach 127.0.0.1:\(server.port)"), text.stdout)
    }
    XCTAssertTrue(
      text.stdout.contains("pipe check runs without the network; allow it with \(flag)"), text.stdout)
    let junit = try run(["check", ".", "--format", "junit"], in: folder)
    XCTAssertTrue(junit.stdout.contains("refused: reach 127.0.0.1:\(server.port)"), junit.stdout)
    XCTAssertTrue(junit.stdout.contains("type=\"refused\""), junit.stdout)
    let tap = try run(["check", ".", "--format", "tap"], in: folder)
    XCTAssertTrue(tap.stdout.contains("not ok"), tap.stdout)
    XCTAssertTrue(tap.stdout.contains(flag), tap.stdout)
    XCTAssertEqual(server.requests(), "", "pipe check reached the network")
  }

  func testCheckReachesExactlyTheHostsAllowed() throws {
    let server = try EchoingServer(test: self)
    let folder = try folder(["live.pipe": handIn(port: server.port)])
    let other = try run(["check", "live.pipe", "--allow-net=example.org,127.0.0.1:1"], in: folder)
    XCTAssertTrue(
      other.stdout.contains("pipe check may reach only example.org, 127.0.0.1:1"), other.stdout)
    XCTAssertEqual(server.requests(), "")
    for flag in ["--allow-net=127.0.0.1:\(server.port)", "--allow-net"] {
      let allowed = try run(["check", "live.pipe", flag], in: folder)
      XCTAssertFalse(allowed.stdout.contains("refused"), allowed.stdout)
    }
    XCTAssertEqual(server.requests().split(separator: "\n").count, 2, server.requests())
  }

  func testRunCanBeNarrowedToNamedHosts() throws {
    let server = try EchoingServer(test: self)
    let result = try run(["-e", handIn(port: server.port), "--allow-net=example.org"], in: try folder())
    XCTAssertTrue(result.stdout.contains("notAllowed"), result.output)
    XCTAssertTrue(result.stdout.contains("allow it with --allow-net=127.0.0.1:\(server.port)"), result.output)
    XCTAssertEqual(server.requests(), "")
  }

  // MARK: Writes stay in the current folder, and overwrite nothing

  func testAScriptCannotPlantAKeyInAuthorizedKeys() throws {
    let home = try TemporaryFolder.home(for: self)
    try FileManager.default.createDirectory(atPath: home + "/.ssh", withIntermediateDirectories: true)
    let keys = home + "/.ssh/authorized_keys"
    try "ssh-ed25519 AAAA-the-persons-own\n".write(toFile: keys, atomically: true, encoding: .utf8)
    let folder = try folder([
      "evil.pipe": "just \"x\\nssh-ed25519 AAAA-planted\\n\" | marbles\n:export svg ~/.ssh/authorized_keys\n"
    ])
    let result = try run(["run", "evil.pipe"], in: folder, home: home)
    XCTAssertEqual(try String(contentsOfFile: keys, encoding: .utf8), "ssh-ed25519 AAAA-the-persons-own\n")
    XCTAssertTrue(
      result.stderr.contains("cannot write '~/.ssh/authorized_keys': it is outside the current folder"),
      result.stderr)
    XCTAssertTrue(
      result.stderr.contains("pipe run needs --allow-write=\(home)/.ssh to write it"), result.stderr)
    let allowed = try run(["run", "evil.pipe", "--allow-write=\(home)/.ssh"], in: folder, home: home)
    XCTAssertTrue(try String(contentsOfFile: keys, encoding: .utf8).contains("<svg"), allowed.output)
  }

  func testEveryWayOfNamingAFileIsHeldToTheCurrentFolder() throws {
    let outside = try TemporaryFolder.make(for: self, prefix: "pipe-outside").path
    let folder = try folder(["kept.svg": "mine\n"])
    try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: folder + "/away", withDestinationPath: outside)
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/link.svg", withDestinationPath: outside + "/target.svg")
    let attempts = [
      ("marbles svg: \"../escaped.svg\"", "outside the current folder"),
      ("marbles svg: \"sub/../../escaped.svg\"", "outside the current folder"),
      ("marbles svg: \"away/escaped.svg\"", "outside the current folder"),
      ("marbles svg: \"\(outside)/escaped.svg\"", "outside the current folder"),
      ("marbles svg: \"kept.svg\"", "the file exists and would be overwritten"),
      ("marbles svg: \"link.svg\"", "it is a symbolic link to"),
    ]
    for (sink, problem) in attempts {
      let result = try run(["-e", "just 1 | \(sink)"], in: folder)
      XCTAssertTrue(result.stderr.contains(problem), "\(sink): \(result.stderr)")
      XCTAssertTrue(result.stderr.contains("--allow-write"), "\(sink): \(result.stderr)")
    }
    let code = try run(["-e", "just 1 | show\n:export rxjs ../escaped.ts"], in: folder)
    XCTAssertTrue(code.stderr.contains("cannot write '../escaped.ts': it is outside"), code.stderr)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: outside), [])
    XCTAssertEqual(try String(contentsOfFile: folder + "/kept.svg", encoding: .utf8), "mine\n")
    // A new file in the current folder, or under it, needs nothing.
    let inside = try run(["-e", "just 1 | marbles svg: \"sub/new.svg\""], in: folder)
    XCTAssertEqual(inside.stderr, "")
    XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/sub/new.svg"))
  }

  func testAllowWriteOpensTheFoldersItNamesAndOverwriting() throws {
    let outside = try TemporaryFolder.make(for: self, prefix: "pipe-outside").path
    let folder = try folder(["kept.svg": "mine\n"])
    let overwrite = try run(["-e", "just 1 | marbles svg: \"kept.svg\"", "--allow-write=."], in: folder)
    XCTAssertEqual(overwrite.stderr, "")
    XCTAssertTrue(try String(contentsOfFile: folder + "/kept.svg", encoding: .utf8).contains("<svg"))
    let elsewhere = try run(
      ["-e", "just 1 | marbles svg: \"\(outside)/a.svg\"", "--allow-write=\(outside)"], in: folder)
    XCTAssertEqual(elsewhere.stderr, "")
    let other = try run(
      ["-e", "just 1 | marbles svg: \"\(outside)/b.svg\"", "--allow-write=\(folder)/sub"], in: folder)
    XCTAssertTrue(other.stderr.contains("outside the current folder"), other.stderr)
    let anywhere = try run(["-e", "just 1 | marbles svg: \"\(outside)/c.svg\"", "--allow-write"], in: folder)
    XCTAssertEqual(anywhere.stderr, "")
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: outside).sorted(), ["a.svg", "c.svg"])
  }

  func testCheckListsTheWritesItRefused() throws {
    let outside = try TemporaryFolder.make(for: self, prefix: "pipe-outside").path
    let folder = try folder([
      "writer.pipe": "just 1 | marbles svg: \"\(outside)/x.svg\"\njust 1 | expect \"(a|)\" [a: 1]\n"
    ])
    let result = try run(["check", "writer.pipe", "--format", "tap"], in: folder)
    XCTAssertEqual(result.status, 1, result.output)
    XCTAssertTrue(result.stdout.contains("refused write \(outside)/x.svg"), result.stdout)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: outside), [])
  }

  func testThePromptAsksBeforeWritingOutsideAndANoWritesNothing() throws {
    let home = try TemporaryFolder.home(for: self)
    let folder = try folder()
    let path = home + "/outside.svg"
    let pane = try Tmux.start(test: self, home: home, directory: folder)
    try pane.type("just 1 | marbles", enter: true)
    try pane.waitFor("the diagram") { $0.contains("just 1") && $0.hasSuffix("pipe>") }
    try pane.type(":export svg \(path)", enter: true)
    try pane.waitFor("the question") { $0.hasSuffix("Write it? [y/N]") }
    try pane.type("n", enter: true)
    // The pane is 100 columns wide: the message wraps, so it is looked for unwrapped.
    try pane.waitFor("the refusal") {
      $0.replacing("\n", with: "").contains("not written (allow it with --allow-write=\(home))")
        && $0.hasSuffix("pipe>")
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    try pane.type(":export svg \(path)", enter: true)
    try pane.waitFor("the question again") { $0.hasSuffix("Write it? [y/N]") }
    try pane.type("y", enter: true)
    try pane.waitFor("where it went") { $0.contains("wrote \(path) (") && $0.hasSuffix("pipe>") }
    XCTAssertTrue(try String(contentsOfFile: path, encoding: .utf8).contains("<svg"))
    // In the current folder, a new file needs no question.
    try pane.type(":export svg here.svg", enter: true)
    try pane.waitFor("the new file") { $0.contains("wrote here.svg (") && $0.hasSuffix("pipe>") }
  }

  func testALoadedFilesBaseURLIsNotSavedAsThePersonsButATypedOneIs() throws {
    let home = try TemporaryFolder.home(for: self)
    let folder = try folder([
      "evil.pipe": "set weather.mode live\nset weather.baseURL \"http://127.0.0.1:9\"\n"
    ])
    let settings = home + "/.config/pipe/settings.json"
    let pane = try Tmux.start(test: self, home: home, directory: folder)
    try pane.type(":load evil.pipe", enter: true)
    try pane.type(":settings", enter: true)
    try pane.waitFor("the settings") { $0.contains("weather.baseURL") && $0.hasSuffix("pipe>") }
    let saved = (try? String(contentsOfFile: settings, encoding: .utf8)) ?? ""
    XCTAssertTrue(saved.contains("weather.mode"), "a plain setting is saved as ever: \(saved)")
    XCTAssertFalse(saved.contains("127.0.0.1:9"), "the file's baseURL was saved as the person's: \(saved)")
    try pane.type("set weather.baseURL \"http://127.0.0.1:7\"", enter: true)
    try pane.type(":settings", enter: true)
    try pane.waitFor("the typed setting") { _ in
      ((try? String(contentsOfFile: settings, encoding: .utf8)) ?? "").contains("127.0.0.1:7")
    }
  }

  func testTheFlagsAreCheckedAndRefusedWhereNothingRuns() throws {
    let folder = try folder()
    let export = try run(["export", "--to", "rxjs", "--code", "just 1", "--allow-write"], in: folder)
    XCTAssertEqual(export.status, 64, export.output)
    XCTAssertTrue(export.stderr.contains("pipe export does not take --allow-write"), export.stderr)
    let wrong = try run(["-e", "just 1", "--set", "weather.baseURL"], in: folder)
    XCTAssertEqual(wrong.status, 64, wrong.output)
    XCTAssertTrue(wrong.stderr.contains("--set takes KEY=VALUE"), wrong.stderr)
    let host = try run(
      ["check", "x.pipe", "--allow-net=LOCALHOST"],
      in: try self.folder([
        "x.pipe": """
        set weather.mode live
        set weather.baseURL "http://localhost:9"
        weather "London" | catch (just .) | show
        just 1 | expect [1]

        """
      ]))
    XCTAssertFalse(host.stdout.contains("refused"), "host names in any case: \(host.stdout)")
  }

  func testALoadedFileAtThePromptCannotPointThePersonsKeyElsewhere() throws {
    let server = try EchoingServer(test: self)
    let folder = try folder(["evil.pipe": handIn(port: server.port)])
    let pane = try Tmux.start(
      test: self, home: try TemporaryFolder.home(for: self), directory: folder,
      environment: ["PIPE_WEATHER_APIKEY": key])
    try pane.type(":load evil.pipe", enter: true)
    try pane.waitFor("the note") { $0.contains("weather.apiKey is not sent to") && $0.hasSuffix("pipe>") }
    XCTAssertFalse(server.requests().contains(key), server.requests())
    // Typed by the person, the same setting is theirs: the key goes.
    try pane.type("set weather.baseURL \"http://127.0.0.1:\(server.port)\"", enter: true)
    try pane.type("weather \"London\" | catch (just .) | show", enter: true)
    try pane.waitFor("the answer") { _ in server.requests().contains(key) }
  }
}
