import Foundation
import PipeProcessSupport
import XCTest

/// Text that did not come from pipe itself never drives the terminal: a plugin's stderr, its
/// `log` messages, its hello (version, docs), its errors and values, and a live server's error
/// body reach the screen with every control character written visibly (`\u{1B}`). Each test
/// runs the real `pipe` (with a Python plugin or server) and reads the bytes it wrote.
/// Starts processes.
final class OutsideTextTests: XCTestCase {
  private func evilPlugin(in sandbox: Sandbox) throws {
    try sandbox.addPlugin("pipe-plugin-evil.py", TerminalAttack.plugin)
  }

  func testAPluginsStderrLogValuesAndErrorsAreWrittenVisibly() throws {
    try requirePython()
    let sandbox = try Sandbox(self)
    try evilPlugin(in: sandbox)
    let run = try sandbox.script("evil | show")
    XCTAssertEqual(TerminalAttack.controls(in: run.stdout), [], run.stdout)
    XCTAssertEqual(TerminalAttack.controls(in: run.stderr), [], run.stderr)
    let shown = TerminalAttack.shown
    XCTAssertTrue(run.stdout.contains("value" + shown), run.stdout)
    for text in ["stderr", "log", "message"] {
      XCTAssertTrue(run.stderr.contains(text + shown), "\(text) in: \(run.stderr)")
    }
  }

  /// The same with `--format jsonl`: the events stay JSON (`\u001B`), never a raw control.
  func testJSONLinesCarryControlsEscaped() throws {
    try requirePython()
    let sandbox = try Sandbox(self)
    try evilPlugin(in: sandbox)
    let script = sandbox.root.appendingPathComponent("evil.pipe")
    try "evil | show\n".write(to: script, atomically: true, encoding: .utf8)
    let run = try sandbox.run(["run", "--format", "jsonl", script.path])
    XCTAssertEqual(TerminalAttack.controls(in: run.stdout), [], run.stdout)
    let values = try run.stdoutLines.compactMap { line in
      try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    }.compactMap { $0["value"] as? String }
    XCTAssertEqual(values, ["value" + TerminalAttack.raw], run.stdout)
  }

  /// A live server's error body, through the weather plugin's error.
  func testALiveServersErrorBodyIsWrittenVisibly() throws {
    try requirePython()
    let sandbox = try Sandbox(self)
    let server = try PythonServer(
      script: #"""
        import http.server, json
        E = \#(TerminalAttack.python)
        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                data = json.dumps({"cod": 401, "message": "bad key" + E}).encode()
                self.send_response(401)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            def log_message(self, *args):
                pass
        server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """#, test: self)
    let run = try sandbox.script(
      #"set weather.mode live; set weather.baseURL "\#(server.url)"; set weather.apiKey "demo-key"; "#
        + #"weather "London" | show"#)
    XCTAssertEqual(TerminalAttack.controls(in: run.stdout), [], run.stdout)
    XCTAssertEqual(TerminalAttack.controls(in: run.stderr), [], run.stderr)
    XCTAssertTrue(run.stderr.contains(#"bad key\u{1B}]0;PWNED"#), run.stderr)
  }

  /// A hand-in's file name and what it prints, graded by `pipe check` or run by `pipe run`.
  func testAFileNameAndAScriptsValuesAreWrittenVisibly() throws {
    let sandbox = try Sandbox(self)
    let folder = sandbox.root.appendingPathComponent("handins")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let name = "a" + TerminalAttack.raw + ".pipe"
    let script = #"just "x\u{1B}[2J\u{9B}" | show"# + "\n" + #"fail "y\u{1B}]0;PWNED\u{7}" | show"# + "\n"
    try script.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    for arguments in [
      ["check", folder.path], ["run", folder.appendingPathComponent(name).path], ["run", name],
    ] {
      let run = try sandbox.run(arguments)
      XCTAssertEqual(TerminalAttack.controls(in: run.stdout), [], "\(arguments): \(run.stdout)")
      XCTAssertEqual(TerminalAttack.controls(in: run.stderr), [], "\(arguments): \(run.stderr)")
      XCTAssertTrue(run.output.contains(#"\u{1B}"#), "\(arguments): \(run.output)")
    }
  }
}
