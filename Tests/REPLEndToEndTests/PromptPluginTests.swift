import Foundation
import PipeProcessSupport
import XCTest

/// Plugins met at the prompt, typed as a person types: a plugin that crashes before its hello
/// is a crash of that statement and is started again by the next one (it used to stay an
/// "unknown operator" for the whole session), and a plugin that hides pipe's own `weather` is
/// said to, on its first use only, and by `:plugins`.
final class PromptPluginTests: XCTestCase {
  func testACrashBeforeTheHelloIsRetriedAndAHiddenPluginIsSaidOnce() throws {
    let home = try TemporaryFolder.home(for: self)
    let plugins = (home as NSString).appendingPathComponent("plugins")
    try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: true)
    let count = (home as NSString).appendingPathComponent("flaky.starts")
    try write(
      PythonPlugin.source(
        name: "flaky", sources: ["flaky"],
        beforeHello: """
          starts = len(open('\(count)').read()) if os.path.exists('\(count)') else 0
          open('\(count)', 'a').write('x')
          if starts == 0:
              sys.exit(3)
          """,
        onSubscribe: """
          send({"type": "next", "id": m["id"], "value": "started again"})
          send({"type": "completed", "id": m["id"]})
          """),
      to: plugins + "/pipe-plugin-flaky.py")
    let weather = plugins + "/pipe-plugin-weather.py"
    try write(
      PythonPlugin.source(
        name: "weather", sources: ["weather"],
        onSubscribe: """
          send({"type": "next", "id": m["id"], "value": "not the real one"})
          send({"type": "completed", "id": m["id"]})
          """),
      to: weather)
    let pane = try Tmux.start(test: self, home: home, environment: ["PIPE_PLUGIN_PATH": plugins])

    try pane.type("flaky | show", enter: true)
    try pane.waitFor("the crash") {
      $0.contains("error: pluginCrashed — plugin 'flaky' exited with status 3")
    }
    try pane.type("flaky | show", enter: true)
    var screen = try pane.waitFor("the second start") { $0.contains("started again") }
    XCTAssertFalse(screen.contains("unknown operator"), screen)

    try pane.type("weather | show", enter: true)
    try pane.waitFor("the first use") { $0.components(separatedBy: "not the real one").count == 2 }
    try pane.type("weather | show", enter: true)
    screen = try pane.waitFor("the second use") { $0.components(separatedBy: "not the real one").count == 3 }
    // Long lines wrap at the pane's 100 columns: joined up again, they are whole.
    let joined = screen.replacingOccurrences(of: "\n", with: "")
    XCTAssertEqual(
      joined.components(separatedBy: "warning: plugin 'weather' is \(weather), which hides").count - 1, 1,
      screen)

    try pane.type(":plugins", enter: true)
    screen = try pane.waitFor("the listing") { $0.contains("  hides ") }
    // Where the pane wraps depends on the paths' lengths; a wrap at a space loses the space.
    let unwrapped = screen.filter { !$0.isWhitespace }
    XCTAssertTrue(unwrapped.contains("(theweather.*settingsgotothisone)"), screen)
  }

  private func write(_ text: String, to path: String) throws {
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
  }
}
