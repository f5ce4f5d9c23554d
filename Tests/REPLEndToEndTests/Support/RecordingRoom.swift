import Foundation
import PipeProcessSupport
import XCTest

/// A stand-in for a teacher's room on 127.0.0.1 (Python): it answers OpenWeatherMap's
/// weather route with London and `POST /_room/report` with 204, and records every request
/// (method, path with its query, body) as a JSON line, for the test to read back.
///
///     let room = try RecordingRoom.start(test: self)
///     // pipe join \(room.url) --name ada; pipe check …
///     let reports = try room.waitForRequests(1) { $0.method == "POST" }
final class RecordingRoom {
  struct Request {
    var method: String
    var path: String
    var body: String

    /// The body as a JSON object.
    var json: [String: Any] {
      (try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any]) ?? [:]
    }
  }

  /// `http://127.0.0.1:PORT`
  let url: String
  private let log: String

  private init(url: String, log: String) {
    self.url = url
    self.log = log
  }

  /// Starts the room on `port` (any free one when 0).
  static func start(test: XCTestCase, port: Int = 0) throws -> RecordingRoom {
    let log = try TemporaryFolder.make(for: test, prefix: "room").path + "/requests.jsonl"
    FileManager.default.createFile(atPath: log, contents: nil)
    // Killed when the test ends.
    let server = try PythonServer(script: script, arguments: [log, String(port)], test: test)
    return RecordingRoom(url: server.url, log: log)
  }

  /// The requests received so far, in order.
  func requests() throws -> [Request] {
    try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map { line in
      let object = try XCTUnwrap(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String])
      return Request(method: object["method"] ?? "", path: object["path"] ?? "", body: object["body"] ?? "")
    }
  }

  /// Waits (up to `timeout` seconds, then fails the test) until `count` requests that
  /// `matching` accepts have come; returns them.
  @discardableResult
  func waitForRequests(
    _ count: Int, timeout: TimeInterval = 10, file: StaticString = #filePath, line: UInt = #line,
    matching: (Request) -> Bool = { _ in true }
  ) throws -> [Request] {
    var found: [Request] = []
    let came = try waitUntil(
      deadline: timeout, "the room got \(found.count) of \(count) requests: \((try? requests()) ?? [])",
      file: file, line: line
    ) {
      found = try requests().filter(matching)
      return found.count >= count
    }
    guard came else { throw CancellationError() }
    return found
  }

  private static let script = """
    import http.server, json, sys, threading
    log = sys.argv[1]
    lock = threading.Lock()
    london = \(HeldWeatherServer.london)
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        def record(self, body):
            with lock, open(log, "a") as out:
                out.write(json.dumps({"method": self.command, "path": self.path, "body": body}) + "\\n")
        def do_GET(self):
            self.record("")
            data = json.dumps(london).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
        def do_POST(self):
            length = int(self.headers.get("Content-Length", "0"))
            self.record(self.rfile.read(length).decode("utf-8", "replace"))
            self.send_response(204)
            self.send_header("Content-Length", "0")
            self.end_headers()
        def log_message(self, *arguments): pass
    server = http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[2])), Handler)
    print(server.server_address[1], flush=True)
    server.serve_forever()
    """

  /// A port on 127.0.0.1 that was free a moment ago.
  static func freePort() throws -> Int {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var size = socklen_t(MemoryLayout<sockaddr_in>.size)
    try withUnsafeMutablePointer(to: &address) { pointer in
      try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        guard bind(socket, $0, size) == 0, getsockname(socket, $0, &size) == 0 else {
          throw MissingTestSetup("cannot bind a socket on 127.0.0.1")
        }
      }
    }
    return Int(UInt16(bigEndian: address.sin_port))
  }
}
