import Foundation
import PipeProcessSupport
import XCTest

/// Plugins in Python whose messages attack pipe, run by the real `pipe`: bytes that are not
/// UTF-8, a value nested 200,000 levels deep, an output closed by a plugin that goes on
/// running. Each is an error of the stream, pipe ends with status 1, and the plugin is gone.
/// Every test here starts processes.
final class PluginMessageAttackTests: XCTestCase {
  func testBytesThatAreNotUTF8AreABadResponse() throws {
    let run = try attack(
      """
      sys.stdout.buffer.write(b'{"type": "next", "id": %d, "value": "\\xff\\xfe\\xc3"}\\n' % m["id"])
      sys.stdout.flush()
      send({"type": "completed", "id": m["id"]})
      """)
    XCTAssertTrue(run.stderr.contains("invalid UTF-8 in a string"), run.stderr)
  }

  /// Parsed recursively or released recursively, such a value would end pipe by a signal.
  func testAValueNestedTooDeepIsABadResponse() throws {
    let run = try attack(
      """
      sys.stdout.write('{"type": "next", "id": %d, "value": ' % m["id"] + "[" * 200000 + "]" * 200000 + "}\\n")
      sys.stdout.flush()
      send({"type": "completed", "id": m["id"]})
      """)
    XCTAssertTrue(run.stderr.contains("nested more than 512 levels deep"), run.stderr)
  }

  /// A plugin that closes its output and sleeps: its subscription fails at once, not at the
  /// deadline (60 s here), and the process is ended.
  func testAPluginThatClosesItsOutputAndGoesOnRunningIsEnded() throws {
    let started = Date()
    let run = try attack(
      """
      send({"type": "next", "id": m["id"], "value": 1})
      os.close(1)
      while True:
          time.sleep(1)
      """)
    XCTAssertTrue(run.stderr.contains("pluginCrashed — plugin 'attacker' closed its output"), run.stderr)
    XCTAssertLessThan(Date().timeIntervalSince(started), 30, "the plugin deadline is 60 s")
  }

  /// Runs `attacker | show` with a plugin doing `onSubscribe`; checks it failed with an error,
  /// not a signal, and that the plugin is gone afterwards.
  private func attack(_ onSubscribe: String) throws -> PipeRun {
    let sandbox = try Sandbox(self)
    let pidFile = sandbox.root.appendingPathComponent("pid")
    try sandbox.addPlugin(
      "pipe-plugin-attacker.py",
      PythonPlugin.source(
        name: "attacker", sources: ["attacker"],
        beforeHello: "open('\(pidFile.path)', 'w').write(str(os.getpid()))", onSubscribe: onSubscribe))
    let run = try sandbox.script("attacker | show", environment: ["PIPE_PLUGIN_DEADLINE": "60"])
    XCTAssertFalse(run.signaled, "pipe died of a signal: \(run.stderr)")
    XCTAssertEqual(run.status, 1, run.stdout + run.stderr)
    XCTAssertTrue(run.stderr.contains("error: "), run.stderr)
    let plugin = try XCTUnwrap(Int32(String(contentsOf: pidFile, encoding: .utf8)))
    waitUntil(deadline: 3, "the plugin \(plugin) outlived pipe") { hasEnded(process: plugin) }
    return run
  }
}
