import Foundation
import PipeProcessSupport
import XCTest

/// How a name reaches a plugin, through the real `pipe`: only the plugins a text needs are
/// started, a plugin that cannot start is reported as that (never as an unknown name) and tried
/// again on its next use, and a plugin that hides another of its name is said to.
final class PluginLookupTests: XCTestCase {
  /// A plugin that hangs before its hello, beside pipe's own `weather`: `weather "London"` does
  /// not wait for it (it took the whole 10 s deadline), and it is not even started.
  func testANameStartsOnlyItsOwnPlugin() throws {
    let sandbox = try Sandbox(self)
    let started = sandbox.root.appendingPathComponent("hang.started")
    try sandbox.addPlugin(
      "pipe-plugin-hang.py",
      PythonPlugin.source(
        name: "hang", sources: ["hang"],
        beforeHello: "open('\(started.path)', 'w').close()\ntime.sleep(60)", onSubscribe: ""))
    let clock = Date()
    let run = try sandbox.script(#"weather "London" | map { .city } | show"#)
    XCTAssertLessThan(Date().timeIntervalSince(clock), 5, "the 10 s deadline of 'hang' was not waited for")
    XCTAssertEqual(run.stdoutLines, ["London"], run.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: started.path), "'hang' was started")
  }

  /// A plugin that crashes before its hello, in a script: the statement that uses it fails with
  /// the crash, caught or not, and the statements after it run. The next use starts it again.
  func testAPluginThatCrashesBeforeItsHelloIsACrashNotAnUnknownName() throws {
    let sandbox = try Sandbox(self)
    try sandbox.addPlugin("pipe-plugin-flaky.py", Self.crashesOnFirstStart(sandbox))
    let run = try sandbox.script(
      """
      just "before" | show
      flaky | show
      flaky | show
      just "after" | show
      """)
    XCTAssertEqual(run.stdoutLines, ["before", "second start", "after"], run.stderr)
    XCTAssertTrue(
      run.stderr.contains(
        "error: pluginCrashed — plugin 'flaky' exited with status 3; it last logged: no config yet (at flaky)"
      ),
      run.stderr)
    XCTAssertFalse(run.stderr.contains("unknown"), run.stderr)
    XCTAssertEqual(run.status, 1)
  }

  /// Within one statement, a retry is a use too: it starts the plugin again.
  func testARetryStartsAPluginThatFailedItsHelloAgain() throws {
    let sandbox = try Sandbox(self)
    try sandbox.addPlugin("pipe-plugin-flaky.py", Self.crashesOnFirstStart(sandbox))
    let run = try sandbox.script("flaky | retry 2 | show")
    XCTAssertEqual(run.stdoutLines, ["second start"], run.stderr)
    XCTAssertEqual(run.status, 0, run.stderr)
  }

  /// A plugin that hangs before its hello, used by name: a timeout, then the script goes on.
  func testAPluginThatHangsBeforeItsHelloIsATimeout() throws {
    let sandbox = try Sandbox(self)
    try sandbox.addPlugin(
      "pipe-plugin-hang.py",
      PythonPlugin.source(name: "hang", sources: ["hang"], beforeHello: "time.sleep(60)", onSubscribe: ""))
    let run = try sandbox.script(
      "hang | catch (just \"gave up\") | show\njust 2 | show", environment: ["PIPE_PLUGIN_DEADLINE": "1"])
    XCTAssertEqual(run.stdoutLines, ["gave up", "2"], run.stderr)
  }

  /// Hellos are remembered by plugin file: a second run starts no plugin to look a name up, and
  /// a changed file is asked again.
  func testAHelloIsRememberedUntilThePluginFileChanges() throws {
    let sandbox = try Sandbox(self)
    let startsFile = sandbox.root.appendingPathComponent("counted.starts")
    let counted = try sandbox.addPlugin(
      "pipe-plugin-counted.py",
      PythonPlugin.source(
        name: "counted", sources: ["counted"],
        beforeHello: "open('\(startsFile.path)', 'a').write('start\\n')",
        onSubscribe: #"send({"type": "completed", "id": m["id"]})"#))
    func starts() -> Int {
      ((try? String(contentsOf: startsFile, encoding: .utf8)) ?? "").split(separator: "\n").count
    }
    _ = try sandbox.script(#"echo("a") | show"#)  // a source of the testbed: every plugin is asked
    XCTAssertEqual(starts(), 1)
    let second = try sandbox.script(#"echo("b") | show"#)
    XCTAssertEqual(second.stdoutLines, ["b"])
    XCTAssertEqual(starts(), 1, "its hello came from the cache")
    try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: counted.path)
    _ = try sandbox.script(#"echo("c") | show"#)
    XCTAssertEqual(starts(), 2, "a changed file is asked again")
    let hellos = try String(
      contentsOf: sandbox.root.appendingPathComponent("cache/pipe/plugins.json"), encoding: .utf8)
    XCTAssertTrue(hellos.contains(#""name":"counted""#), hellos)
  }

  /// A name no plugin offers, while a plugin could not start: the help says so.
  func testAnUnknownNameNamesThePluginsThatCouldNotStart() throws {
    let sandbox = try Sandbox(self)
    try sandbox.addPlugin("pipe-plugin-broken", "#!/nonexistent/interpreter\n")
    let run = try sandbox.script("frobnicate | show")
    XCTAssertTrue(run.stderr.contains("error: unknown operator 'frobnicate'"), run.stderr)
    XCTAssertTrue(
      run.stderr.contains("help: plugins that could not start: 'broken' (:plugins says why)"), run.stderr)
    XCTAssertTrue(
      run.stderr.contains("cannot start plugin 'broken'") && run.stderr.contains("/nonexistent/interpreter"),
      run.stderr)
  }

  /// `pipe-plugin-weather.py` on PIPE_PLUGIN_PATH hides pipe's own `weather`, and receives
  /// `weather.apiKey`: pipe says so, once, where it is first used.
  func testAPluginThatHidesAnotherIsSaidOnce() throws {
    let sandbox = try Sandbox(self)
    let mine = try sandbox.addPlugin(
      "pipe-plugin-weather.py",
      PythonPlugin.source(
        name: "weather", sources: ["weather"],
        hello: #"{"type": "hello", "protocol": 1, "name": "weather", "version": "6.6.6", "#
          + #""sources": [{"name": "weather", "doc": "mine"}], "#
          + #""settings": [{"key": "weather.apiKey", "type": "string", "secret": True, "doc": "k"}]}"#,
        onSubscribe: """
          send({"type": "next", "id": m["id"], "value": "mine"})
          send({"type": "completed", "id": m["id"]})
          """))
    let run = try sandbox.script(#"set weather.apiKey "k"; weather | show; weather | show"#)
    XCTAssertEqual(run.stdoutLines, ["mine", "mine"], run.stderr)
    let own = Products.directory.appendingPathComponent("pipe-plugin-weather").path
    let warning =
      "warning: plugin 'weather' is \(mine.path), which hides \(own); the weather.* settings go to it"
    XCTAssertEqual(run.stderr.components(separatedBy: warning).count - 1, 1, run.stderr)
  }

  /// A Python plugin that exits with status 3 on its first start (saying why on stderr) and
  /// works from its second: each run of it counts its starts in a file beside it.
  static func crashesOnFirstStart(_ sandbox: Sandbox) -> String {
    let count = sandbox.root.appendingPathComponent("flaky.starts").path
    return PythonPlugin.source(
      name: "flaky", sources: ["flaky"],
      beforeHello: """
        starts = len(open('\(count)').read()) if os.path.exists('\(count)') else 0
        open('\(count)', 'a').write('x')
        if starts == 0:
            sys.stderr.write("no config yet\\n")
            sys.exit(3)
        """,
      onSubscribe: """
        send({"type": "next", "id": m["id"], "value": "second start"})
        send({"type": "completed", "id": m["id"]})
        """)
  }
}
