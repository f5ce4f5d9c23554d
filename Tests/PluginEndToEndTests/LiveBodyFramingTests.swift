import Foundation
import PipeProcessSupport
import XCTest

/// The live weather client against a server on 127.0.0.1 whose body never ends however it is
/// framed: chunked without end, with no length until the connection closes, one byte a second.
/// The 1 MiB cap counts every byte of the body and the request's deadline holds (an endless
/// chunked body ran the plugin at 100–150% CPU to 208 MB until the host's own deadline).
/// Every test here starts processes.
final class LiveBodyFramingTests: XCTestCase {
  func testAnEndlessChunkedBodyIsCutOffAtOneMebibyte() throws {
    try checkCutOff("Chunked")
  }

  func testAnEndlessBodyWithoutALengthIsCutOffAtOneMebibyte() throws {
    try checkCutOff("Unframed")
  }

  /// Gzip members of 16 MB of zeros each (16 KB on the wire), without end: a bomb if it were
  /// decoded, cut off at 1 MiB as it comes.
  func testAnEndlessGzippedBodyIsCutOffAtOneMebibyte() throws {
    try checkCutOff("Gzipped")
  }

  /// A body that comes one byte a second ends at the request's deadline (2 s here).
  func testADrippingBodyEndsAtTheDeadline() throws {
    let (sandbox, server) = (try Sandbox(self), try PythonServer(script: Self.server, test: self))
    let started = Date()
    let process = try Spawned(
      ["-e", live(server) + "set weather.timeout 2\n" + #"weather "Drip" | show"#],
      environment: sandbox.environment.merging(["PIPE_PLUGIN_DEADLINE": "60"]) { $1 })
    let run = process.wait(timeout: 60)
    let seconds = Date().timeIntervalSince(started)
    XCTAssertEqual(run.status, 1, run.stdout)
    XCTAssertTrue(run.stderr.contains("error: timeout — no answer within 2000 ms"), run.stderr)
    XCTAssertLessThan(seconds, 15, "the 2 s deadline, not the host's 60 s")
  }

  private func checkCutOff(_ city: String) throws {
    let (sandbox, server) = (try Sandbox(self), try PythonServer(script: Self.server, test: self))
    try Self.checkCutOff {
      try Spawned(
        ["-e", live(server) + #"weather "\#(city)" | show"#],
        environment: sandbox.environment.merging(["PIPE_PLUGIN_DEADLINE": "60"]) { $1 })
    }
  }

  /// The body the process `start` starts asks for is refused with the cap's error, within the
  /// request's deadline (5 s, not the host's 60), and the plugin's memory stays bounded.
  static func checkCutOff(file: StaticString = #filePath, line: UInt = #line, _ start: () throws -> Spawned)
    rethrows
  {
    let started = Date()
    let process = try start()
    let watch = ChildMemoryWatch(parent: process.pid, name: "pipe-plugin-weather")
    let run = process.wait(timeout: 90)
    let peakKiB = watch.stop()
    let seconds = Date().timeIntervalSince(started)
    XCTAssertEqual(run.status, 1, run.stdout, file: file, line: line)
    XCTAssertTrue(
      run.stderr.contains("error: badResponse — response body larger than 1 MiB"), run.stderr, file: file,
      line: line)
    XCTAssertLessThan(seconds, 20, "the cap or the 5 s deadline, not the host's 60 s", file: file, line: line)
    XCTAssertGreaterThan(peakKiB, 0, "the plugin was watched", file: file, line: line)
    XCTAssertLessThan(peakKiB, 64 * 1024, "the plugin's peak memory, KiB", file: file, line: line)
  }

  private func live(_ server: PythonServer) -> String {
    "set weather.mode live; set weather.baseURL \"\(server.url)\"; set weather.apiKey \"demo-key\"\n"
  }

  /// A weather stand-in whose body never ends, by city: `Chunked` (chunked encoding, a byte
  /// a chunk),
  /// `Unframed` (no length, until the connection closes), `Gzipped` (gzip members of 16 MB of
  /// zeros, without end), `Drip` (one byte a second of an announced 1000). Given a
  /// certificate and its key (`CERT KEY`), it speaks https.
  static let server = #"""
    import http.server, sys, time, urllib.parse, zlib
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        def do_GET(self):
            city = urllib.parse.parse_qs(urllib.parse.urlparse(self.path).query).get("q", [""])[0]
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            try:
                if city == "Chunked":
                    self.send_header("Transfer-Encoding", "chunked")
                    self.end_headers()
                    frames = b"1\r\nx\r\n" * 10000
                    while True:
                        self.wfile.write(frames)
                elif city == "Unframed":
                    self.send_header("Connection", "close")
                    self.end_headers()
                    chunk = b"x" * 65536
                    while True:
                        self.wfile.write(chunk)
                elif city == "Gzipped":
                    self.send_header("Content-Encoding", "gzip")
                    self.send_header("Transfer-Encoding", "chunked")
                    self.end_headers()
                    packer = zlib.compressobj(9, zlib.DEFLATED, 31)
                    member = packer.compress(b"\0" * (16 << 20)) + packer.flush()
                    frame = b"%x\r\n" % len(member) + member + b"\r\n"
                    while True:
                        self.wfile.write(frame)
                else:
                    self.send_header("Content-Length", "1000")
                    self.end_headers()
                    for _ in range(1000):
                        self.wfile.write(b" ")
                        self.wfile.flush()
                        time.sleep(1)
            except (BrokenPipeError, ConnectionResetError):
                pass
            self.close_connection = True
        def log_message(self, *arguments): pass
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    if len(sys.argv) > 2:
        import ssl
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(sys.argv[1], sys.argv[2])
        server.socket = context.wrap_socket(server.socket, server_side=True)
    print(server.server_address[1], flush=True)
    server.serve_forever()
    """#
}
