import Foundation
import PipeProcessSupport
import XCTest

/// An API key never leaves pipe in clear: not in what a sink prints, a trace, a diagram, an
/// error record, an SVG file or a diagnostic, even when a server echoes it back; the language
/// reads it as ••••; it can come from the environment rather than the command line; and no
/// process that holds it writes a core dump.
final class SecretsTests: XCTestCase {
  private let key = "sk-live-4f9c2e7d1b"

  func testAKeyAServerEchoesAppearsInNoOutputTraceDiagramRecordOrFile() throws {
    let server = try EchoingServer(test: self)
    let folder = try TemporaryFolder.home(for: self)
    let svg = folder + "/run.svg"
    let exported = folder + "/exported.svg"
    let script = """
      set weather.mode live
      set weather.baseURL "http://127.0.0.1:\(server.port)"
      set weather.apiKey "\(key)"
      weather "London" | show
      weather "London" | log
      weather "London" | marbles svg: "\(svg)"
      :export svg \(exported)
      weather "London" | catch (just .) | show
      weather "London" | catch (just .) | map { .message } | show

      """
    let result = try PipeProcess.run(["--allow-write=\(folder)"], input: script)
    let files = try [svg, exported].map { try String(contentsOfFile: $0, encoding: .utf8) }
    XCTAssertTrue(server.requests().contains(key), "the plugin sent the key: \(server.requests())")
    for text in [result.stdout, result.stderr] + files {
      XCTAssertFalse(text.contains(key), text)
    }
    XCTAssertTrue(result.stderr.contains("Invalid API key ••••"), result.stderr)
    XCTAssertTrue(
      result.stdout.contains("error invalidKey: Invalid API key ••••"), "the log: \(result.stdout)")
    XCTAssertTrue(result.stdout.contains("message: \"Invalid API key ••••"), "the record: \(result.stdout)")
    for file in files { XCTAssertTrue(file.contains("Invalid API key ••••"), file) }
  }

  func testAtThePromptTheKeyAppearsNowhereOnTheScreen() throws {
    let server = try EchoingServer(test: self)
    let pane = try Tmux.start(
      test: self, home: try TemporaryFolder.home(for: self), environment: ["PIPE_WEATHER_APIKEY": key])
    try pane.type(
      "set weather.mode live; set weather.baseURL \"http://127.0.0.1:\(server.port)\"", enter: true)
    try pane.type("weather \"London\" | log", enter: true)
    try pane.waitFor("the trace") { $0.contains("error invalidKey: Invalid API key ••••") }
    try pane.type("weather \"London\" | catch (just .) | show", enter: true)
    let screen = try pane.waitFor("the record") { $0.contains("message: \"Invalid API key ••••") }
    try pane.type(":settings", enter: true)
    let settings = try pane.waitFor("the settings") { $0.contains("weather.apiKey") }
    XCTAssertTrue(server.requests().contains(key), "the plugin got the key: \(server.requests())")
    XCTAssertFalse(screen.contains(key) || settings.contains(key), settings)
  }

  func testAKeyCanComeFromTheEnvironmentAndIsMaskedThere() throws {
    let server = try EchoingServer(test: self)
    // The person points the key at the server (--set): a script's own baseURL would not carry it.
    let script = """
      set weather.mode live
      weather "London" | catch (just .) | show

      """
    let result = try PipeProcess.run(
      ["--set", "weather.baseURL=http://127.0.0.1:\(server.port)"], input: script,
      environment: ["PIPE_WEATHER_APIKEY": key])
    XCTAssertTrue(server.requests().contains(key), "the plugin got the key: \(server.requests())")
    XCTAssertFalse(result.stdout.contains(key) || result.stderr.contains(key), result.stdout + result.stderr)
    XCTAssertTrue(result.stdout.contains("Invalid API key ••••"), result.stdout)
  }

  func testACompileErrorMasksTheKeyItEchoes() throws {
    let result = try PipeProcess.run([], input: "set weather.apiKey \"\(key)\"; just 1 | fliter { . > 0 }\n")
    XCTAssertEqual(result.status, 2)
    XCTAssertFalse(result.stderr.contains(key), result.stderr)
    let masked = String(repeating: "•", count: key.count + 2)
    XCTAssertTrue(result.stderr.contains("set weather.apiKey \(masked); just 1 | fliter"), result.stderr)
    XCTAssertTrue(result.stderr.contains("did you mean 'filter'?"), result.stderr)
  }

  func testTheLanguageReadsASecretAsDots() throws {
    let result = try PipeProcess.run(
      [], input: "changes(weather.apiKey) | take 1 | show &\nset weather.apiKey \"\(key)\"\n")
    XCTAssertEqual(result.stdout, "••••\n")
    XCTAssertFalse(result.stderr.contains(key), result.stderr)
  }

  func testAKeyTypedOnTheCommandLineIsWarnedAbout() throws {
    let typed = try PipeProcess.run(["-e", "set weather.apiKey \"\(key)\"; just 1"])
    XCTAssertEqual(typed.stdout, "1\n")
    XCTAssertTrue(
      typed.stderr.contains("warning: weather.apiKey is typed on the command line"), typed.stderr)
    XCTAssertTrue(typed.stderr.contains("export PIPE_WEATHER_APIKEY="), typed.stderr)
    XCTAssertFalse(typed.stderr.contains(key), typed.stderr)
    let piped = try PipeProcess.run([], input: "set weather.apiKey \"\(key)\"; just 1\n")
    XCTAssertEqual(piped.stderr, "", "a script on standard input is not on the command line")
  }

  func testPipeAndItsPluginsWriteNoCoreDump() throws {
    let products = Products.directory
    for binary in ["pipe", "pipe-plugin-weather"] {
      let (limit, statusOwner) = try CoreDumpProbe.inspect(
        products.appendingPathComponent(binary).path, test: self)
      XCTAssertEqual(limit, "0 0", "\(binary): soft and hard core size")
      XCTAssertEqual(statusOwner, 0, "\(binary) is not dumpable: /proc/PID/status belongs to root")
    }
  }

  func testAPluginStartedByPipeInheritsTheCoreLimit() throws {
    let folder = try TemporaryFolder.home(for: self)
    let plugin = folder + "/pipe-plugin-corelimit"
    try CoreDumpProbe.plugin.write(toFile: plugin, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: plugin)
    // Started with no limit, pipe lowers it before it starts any plugin.
    let output = try CoreDumpProbe.runWithoutCoreLimit(
      Products.pipe, input: "corelimit | show\n",
      environment: ["PIPE_PLUGIN_PATH": folder, "HOME": folder])
    XCTAssertEqual(output, "0 0\n")
  }
}
