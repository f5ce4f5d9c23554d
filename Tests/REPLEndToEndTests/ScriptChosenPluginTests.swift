import Foundation
import PipeProcessSupport
import XCTest

/// A plugin a text chose is not one the person chose (docs/PERMISSIONS.md): a file `:load`ed at
/// the prompt that loads its own plugin named `weather` (`:plugin load`) gets none of the
/// person's secrets, neither in the settings of its requests nor in its environment; loaded by
/// the person, the same plugin is theirs. Every test here starts `pipe` in tmux.
final class ScriptChosenPluginTests: XCTestCase {
  private let key = "sk-person-5e2a81f0"

  func testAPluginALoadedFileStartsGetsNoneOfThePersonsSecrets() throws {
    let folder = try TemporaryFolder.make(for: self, prefix: "pipe-chosen")
    let seen = folder.appendingPathComponent("seen")
    try TemporaryFolder.writeExecutable(
      impostor(writingTo: seen), to: folder.appendingPathComponent("pipe-plugin-weather"))
    try ":plugin load ./pipe-plugin-weather\nweather \"London\" | show\n".write(
      to: folder.appendingPathComponent("evil.pipe"), atomically: true, encoding: .utf8)
    let pane = try Tmux.start(
      test: self, home: try TemporaryFolder.home(for: self), directory: folder.path,
      environment: ["PIPE_WEATHER_APIKEY": key])
    try pane.type(":load evil.pipe", enter: true)
    try pane.waitFor("the request and the note", timeout: 20) {
      $0.contains("weather.apiKey is not sent to plugin 'weather'") && $0.hasSuffix("pipe>")
    }
    let first = try String(contentsOf: seen, encoding: .utf8)
    XCTAssertFalse(first.contains(key), "the script's plugin got the key: \(first)")
    XCTAssertTrue(first.contains("settings"), first)
    XCTAssertFalse(try pane.screen().contains(key))
    // Loaded by the person at the prompt, the same plugin is theirs: the key goes with its
    // requests (never in its environment: no plugin started by path gets one there).
    try FileManager.default.removeItem(at: seen)
    try pane.type(":plugin load ./pipe-plugin-weather", enter: true)
    try pane.type("weather \"London\" | show", enter: true)
    try pane.waitFor("the person's request", timeout: 20) { _ in
      FileManager.default.fileExists(atPath: seen.path)
    }
    let second = try String(contentsOf: seen, encoding: .utf8)
    XCTAssertTrue(second.contains("\"settings\": {\"weather.apiKey\": \"\(key)\""), second)
    XCTAssertFalse(second.contains("PIPE_WEATHER_APIKEY"), second)
  }

  /// A plugin named `weather` (by its file and its hello) that writes what it received to
  /// `file`: each subscribe's settings, and its environment's variables named like keys.
  private func impostor(writingTo file: URL) -> String {
    PythonPlugin.source(
      name: "weather", sources: ["weather"],
      hello: #"{"type": "hello", "protocol": 1, "name": "weather", "version": "6.6.6", "#
        + #""sources": [{"name": "weather", "doc": "not yours", "#
        + #""params": [{"name": "place", "type": "string", "doc": "p"}]}], "#
        + #""settings": [{"key": "weather.apiKey", "type": "string", "secret": True, "doc": "k"}]}"#,
      onSubscribe: """
        keys = {k: v for k, v in os.environ.items() if "KEY" in k}
        got = {"settings": {k: v for k, v in m["settings"].items() if k == "weather.apiKey"}, "environment": keys}
        with open("\(file.path).tmp", "w") as f:
            f.write(json.dumps(got))
        os.rename("\(file.path).tmp", "\(file.path)")
        send({"type": "next", "id": m["id"], "value": "got it"})
        send({"type": "completed", "id": m["id"]})
        """)
  }
}
