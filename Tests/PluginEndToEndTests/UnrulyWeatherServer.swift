import Foundation
import PipeProcessSupport
import XCTest

/// An OpenWeatherMap stand-in on 127.0.0.1 (Python) that misbehaves by city, for the live
/// client's limits: `Huge` streams a 100 MB body, `Loop` redirects to itself forever,
/// `Missing` and `Mistyped` send JSON without `main.temp` or with it as a string, a city whose
/// name starts with `Limited` answers 429 with `Retry-After: 2` on its first request and London
/// after, and one starting with `Dated` does the same with an HTTP date 3 s ahead. It logs each request's city, one a line.
///
///     let server = try UnrulyWeatherServer(test: self)
///     sandbox.script(server.live + #"weather "Loop" | show"#)
final class UnrulyWeatherServer {
  let url: String
  private let log: String

  init(test: XCTestCase) throws {
    try requirePython()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("unruly-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    log = folder.appendingPathComponent("requests.log").path
    let server = try PythonServer.start(Self.script, arguments: [log])
    test.addTeardownBlock {
      server.stop()
      try? FileManager.default.removeItem(at: folder)
    }
    url = "http://127.0.0.1:\(server.port)"
  }

  /// The `set` lines that point the weather plugin at this server.
  var live: String {
    "set weather.mode live; set weather.baseURL \"\(url)\"; set weather.apiKey \"demo-key\"\n"
  }

  /// The cities asked for so far, in order.
  var requests: [String] {
    ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
  }

  private static let script = #"""
    import email.utils, http.server, json, sys, time, urllib.parse
    LOG = sys.argv[1]
    london = {"coord": {"lon": -0.13, "lat": 51.51}, "weather": [{"id": 500, "main": "Rain",
      "description": "light rain", "icon": "10d"}], "main": {"temp": 12.4, "feels_like": 10.1,
      "humidity": 81}, "wind": {"speed": 4.6}, "dt": 1717242720, "sys": {"country": "GB"},
      "name": "London", "cod": 200}
    seen = {}
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        disable_nagle_algorithm = True
        def answer(self, status, body, headers={}):
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            for name, value in headers.items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(data)
        def do_GET(self):
            city = urllib.parse.parse_qs(urllib.parse.urlparse(self.path).query).get("q", [""])[0]
            with open(LOG, "a") as log:
                log.write(city + "\n")
            seen[city] = seen.get(city, 0) + 1
            if city == "Huge":
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(100 * 1024 * 1024 + 8))
                self.end_headers()
                try:
                    self.wfile.write(b'{"name":"')
                    chunk = b"x" * 65536
                    for _ in range(1600):
                        self.wfile.write(chunk)
                    self.wfile.write(b'"}')
                except (BrokenPipeError, ConnectionResetError):
                    pass
                self.close_connection = True
            elif city == "Loop":
                self.send_response(302)
                self.send_header("Location", self.path)
                self.send_header("Content-Length", "0")
                self.end_headers()
            elif city == "Missing":
                body = json.loads(json.dumps(london))
                del body["main"]["temp"]
                self.answer(200, body)
            elif city == "Mistyped":
                body = json.loads(json.dumps(london))
                body["main"]["temp"] = "12.4"
                self.answer(200, body)
            elif city.startswith(("Limited", "Dated")) and seen[city] == 1:
                later = email.utils.formatdate(time.time() + 3, usegmt=True)
                wait = "2" if city.startswith("Limited") else later
                self.answer(429, {"cod": 429, "message": "slow down"}, {"Retry-After": wait})
            else:
                self.answer(200, london)
        def log_message(self, *arguments): pass
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)
    server.serve_forever()
    """#
}

/// The highest resident set (VmHWM, in KiB) any child of `parent` whose command line holds
/// `name` reached, sampled every 10 ms until `stop()`.
final class ChildMemoryWatch: @unchecked Sendable {
  private let lock = NSLock()
  private var peak = 0
  private var stopped = false

  init(parent: Int32, name: String) {
    Thread { [self] in
      while !lock.withLock({ stopped }) {
        for pid in Self.children(of: parent) where Self.command(of: pid).contains(name) {
          if let kib = Self.highWaterMark(of: pid) { lock.withLock { peak = max(peak, kib) } }
        }
        usleep(10_000)
      }
    }.start()
  }

  /// Stops watching and returns the peak seen, in KiB.
  func stop() -> Int {
    lock.withLock {
      stopped = true
      return peak
    }
  }

  private static func children(of parent: Int32) -> [Int32] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap(Int32.init).filter { pid in
      guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { return false }
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      return fields.count > 1 && Int32(fields[1]) == parent
    }
  }

  private static func command(of pid: Int32) -> String {
    (try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)) ?? ""
  }

  private static func highWaterMark(of pid: Int32) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
    else { return nil }
    return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
  }
}
