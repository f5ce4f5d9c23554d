import Foundation
import PipeProcessSupport
import XCTest

/// Plugins of protocol 1 and 2 against this host, through the real `pipe`: the host offers its
/// versions in PIPE_PLUGIN_PROTOCOLS, says hello only to a plugin of version 2, and reads each
/// plugin's lines as its own version: a version 1 typo is still caught, and a version 2 field
/// is refused from a plugin that said version 1.
final class ProtocolVersionTests: XCTestCase {
  /// A strict plugin of version 1: any line but subscribe or cancel ends it with status 9.
  static func strictVersion1(reply: String) -> String {
    PythonPlugin.source(
      name: "old", sources: ["old"],
      onSubscribe: reply,
      afterSubscribe: """
        elif m["type"] != "cancel":
            sys.stderr.write("unexpected " + line)
            sys.exit(9)
        """)
  }

  func testAVersion1PluginWorksAndIsSentNoHostHello() throws {
    let sandbox = try Sandbox(self)
    try sandbox.addPlugin(
      "pipe-plugin-old.py",
      Self.strictVersion1(
        reply: """
          send({"type": "next", "id": m["id"], "value": os.environ.get("PIPE_PLUGIN_PROTOCOLS"), "after_ms": 5})
          send({"type": "completed", "id": m["id"]})
          """))
    let run = try sandbox.script("old | show\nold | show")
    XCTAssertEqual(run.stdoutLines, ["1,2", "1,2"], run.stderr)
    XCTAssertEqual(run.status, 0, run.stderr)
  }

  func testAVersion1TypoIsStillCaught() throws {
    let sandbox = try Sandbox(self)
    try sandbox.addPlugin(
      "pipe-plugin-old.py",
      Self.strictVersion1(reply: #"send({"type": "next", "id": m["id"], "value": 1, "afterMs": 5})"#))
    let run = try sandbox.script("old | show")
    XCTAssertTrue(
      run.stderr.contains(
        "error: badResponse — plugin 'old' sent a line that is not a valid message "
          + "(next: unknown field 'afterMs' (did you mean 'after_ms'?))"), run.stderr)
  }

  func testAVersion2FieldFromAVersion1PluginIsRefused() throws {
    let sandbox = try Sandbox(self)
    try sandbox.addPlugin(
      "pipe-plugin-old.py",
      Self.strictVersion1(
        reply: #"send({"type": "error", "id": m["id"], "kind": "slow", "message": "m", "retry_after_ms": 5})"#
      ))
    let run = try sandbox.script("old | show")
    XCTAssertTrue(
      run.stderr.contains(
        "(error: field 'retry_after_ms' is new in protocol 2; this plugin said protocol 1 in its hello)"),
      run.stderr)
  }

  /// A plugin of version 2 reads the versions offered, says 2, hears the host's hello first,
  /// and may say how long to wait: the error record carries it as `retryAfter`, in seconds.
  func testAVersion2PluginHearsTheHostsHelloAndSaysRetryAfter() throws {
    let sandbox = try Sandbox(self)
    let heard = sandbox.root.appendingPathComponent("heard")
    try sandbox.addPlugin(
      "pipe-plugin-new.py",
      PythonPlugin.source(
        name: "new", sources: ["new"],
        hello:
          #"{"type": "hello", "protocol": max(int(v) for v in os.environ["PIPE_PLUGIN_PROTOCOLS"].split(",")), "#
          + #""name": "new", "version": "2.0", "sources": [{"name": "new", "doc": "d"}], "errors": ["slow"]}"#,
        onSubscribe: """
          send({"type": "error", "id": m["id"], "kind": "slow", "message": "later", "status": 429, "retry_after_ms": 7000})
          """,
        afterSubscribe: """
          elif m["type"] == "hello":
              open('\(heard.path)', 'w').write(json.dumps(m))
          """))
    let run = try sandbox.script("new | catch (just .retryAfter) | show")
    XCTAssertEqual(run.stdoutLines, ["7"], run.stderr)
    let hello = try String(contentsOf: heard, encoding: .utf8)
    XCTAssertTrue(hello.hasPrefix(#"{"type": "hello", "protocol": 2, "name": "pipe", "version": ""#), hello)
  }

  func testAVersionThisHostDoesNotSpeakIsRefusedWithTheVersionsItSpeaks() throws {
    let sandbox = try Sandbox(self)
    try sandbox.addPlugin(
      "pipe-plugin-future.py",
      PythonPlugin.source(
        name: "future", sources: ["future"],
        hello: #"{"type": "hello", "protocol": 3, "name": "future", "version": "3", "sources": []}"#,
        onSubscribe: ""))
    let run = try sandbox.script("future | show")
    XCTAssertTrue(
      run.stderr.contains("hello: protocol version 3 is not supported (this side speaks 1 and 2)"), run.stderr
    )
  }
}
