import Foundation
import PipeProcessSupport
import XCTest

/// The live weather client against servers on 127.0.0.1 that attack it, through the real
/// `pipe`: a redirect that would carry the person's key to another port (one `--allow-net`
/// did not name), a server that never answers, a header without end. Every test here starts
/// processes.
final class LiveAttackTests: XCTestCase {
  private let key = "sk-person-0d93be17"

  /// The person points the plugin at A (`--set`, `--allow-net`); A answers 302 to B, the key
  /// in the new URL. The redirect is not followed: B hears nothing (it got the key, and was
  /// reached though `--allow-net` names only A).
  func testARedirectToAnotherPortIsNotFollowed() throws {
    let sandbox = try Sandbox(self)
    let other = try AttackServer(test: self)
    let server = try AttackServer(test: self, redirectingTo: other.port)
    let run = try sandbox.run(
      [
        "--allow-net=127.0.0.1:\(server.port)", "--set", "weather.baseURL=http://127.0.0.1:\(server.port)",
        "-e",
        "set weather.mode live\n" + #"weather "Redirect" | show"#,
      ], environment: ["PIPE_WEATHER_APIKEY": key])
    XCTAssertEqual(run.status, 1, run.stdout)
    XCTAssertTrue(server.requests.contains(key), "the person's server got the key: \(server.requests)")
    XCTAssertEqual(other.requests, "", "the redirect reached another port")
    XCTAssertTrue(
      run.stderr.contains(
        "error: badResponse — a redirect to another place than the base URL's scheme, host and port"),
      run.stderr)
    XCTAssertFalse(run.stdout.contains(key) || run.stderr.contains(key), run.stderr)
  }

  /// A server that takes the request and never answers: the request's deadline (2 s) ends it.
  func testAServerThatNeverAnswersEndsAtTheDeadline() throws {
    let (sandbox, server) = (try Sandbox(self), try AttackServer(test: self))
    let started = Date()
    let run = try sandbox.script(
      server.live + "set weather.timeout 2\n" + #"weather "Silent" | show"#,
      environment: ["PIPE_PLUGIN_DEADLINE": "60"])
    XCTAssertEqual(run.status, 1, run.stdout)
    XCTAssertTrue(run.stderr.contains("error: timeout — no answer within 2000 ms"), run.stderr)
    XCTAssertLessThan(Date().timeIntervalSince(started), 15, "the 2 s deadline, not the host's 60 s")
  }

  /// A header that never ends is refused at 64 KiB.
  func testAnEndlessHeaderIsRefused() throws {
    let (sandbox, server) = (try Sandbox(self), try AttackServer(test: self))
    let run = try sandbox.script(server.live + #"weather "HugeHeader" | show"#)
    XCTAssertEqual(run.status, 1, run.stdout)
    XCTAssertTrue(
      run.stderr.contains("error: badResponse — the server's answer has a header larger than 64 KiB"),
      run.stderr)
  }
}

/// A web server on 127.0.0.1 that attacks its client, by city: `Silent` (never answers),
/// `HugeHeader` (header lines without end), `Redirect` (302 to the same path and query on
/// another port). It logs each request's path and query.
final class AttackServer {
  let port: Int
  private let log: String

  init(test: XCTestCase, redirectingTo other: Int = 0) throws {
    log = try TemporaryFolder.make(for: test, prefix: "attack").appendingPathComponent("requests.log").path
    FileManager.default.createFile(atPath: log, contents: nil)
    port = try PythonServer(script: Self.script, arguments: [log, String(other)], test: test).port
  }

  /// The `set` lines that point the weather plugin at this server, from the script.
  var live: String {
    "set weather.mode live; set weather.baseURL \"http://127.0.0.1:\(port)\"; set weather.apiKey \"demo-key\"\n"
  }

  /// Every request's path and query so far, a line each.
  var requests: String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }

  private static let script = #"""
    import http.server, sys, time, urllib.parse
    LOG, OTHER = sys.argv[1], int(sys.argv[2])
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        def do_GET(self):
            with open(LOG, "a") as log:
                log.write(self.path + "\n")
            parts = urllib.parse.urlparse(self.path)
            city = urllib.parse.parse_qs(parts.query).get("q", [""])[0]
            try:
                if city == "Silent":
                    time.sleep(120)
                elif city == "HugeHeader":
                    self.wfile.write(b"HTTP/1.1 200 OK\r\n")
                    while True:
                        self.wfile.write(b"X-Junk: " + b"a" * 8000 + b"\r\n")
                elif city == "Redirect":
                    self.send_response(302)
                    self.send_header("Location", "http://127.0.0.1:%d%s" % (OTHER, self.path))
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                else:
                    self.send_response(404)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
            except (BrokenPipeError, ConnectionResetError):
                pass
        def log_message(self, *arguments): pass
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    server.serve_forever()
    """#
}
