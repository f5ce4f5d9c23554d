import Foundation
import PipeProcessSupport
import XCTest

/// An OpenWeatherMap stand-in on 127.0.0.1 (Python) that holds a request without an API key
/// until the test releases it, then answers 401; a request with a key gets London at once.
/// So a test can change the key while the failing request is in flight.
///
///     let server = try HeldWeatherServer.start(test: self)
///     // set weather.mode live; set weather.baseURL "\(server.url)"; ...
///     try server.release()  // the held request now fails with 401
final class HeldWeatherServer {
  private let server: PythonServer
  private let releaseFile: String

  private init(server: PythonServer, releaseFile: String) {
    self.server = server
    self.releaseFile = releaseFile
  }

  var url: String { server.url }

  static func start(test: XCTestCase) throws -> HeldWeatherServer {
    let releaseFile = try TemporaryFolder.home(for: test) + "/release"
    let server = try PythonServer(script: script, arguments: [releaseFile], test: test)
    return HeldWeatherServer(server: server, releaseFile: releaseFile)
  }

  /// Lets the held request fail.
  func release() throws {
    try Data().write(to: URL(fileURLWithPath: releaseFile))
  }

  /// London's weather as OpenWeatherMap answers it, as a Python dict (the other stand-ins use it too).
  static let london = """
    {"coord": {"lon": -0.13, "lat": 51.51}, "weather": [{"id": 500, "main": "Rain",
      "description": "light rain", "icon": "10d"}], "main": {"temp": 12.4, "feels_like": 10.1,
      "humidity": 81}, "wind": {"speed": 4.6}, "dt": 1717242720, "sys": {"country": "GB"},
      "name": "London", "cod": 200}
    """

  private static let script = """
    import http.server, json, os, sys, time, urllib.parse
    release = sys.argv[1]
    london = \(london)
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        disable_nagle_algorithm = True
        def do_GET(self):
            query = urllib.parse.parse_qs(urllib.parse.urlparse(self.path).query)
            if query.get("appid", [""])[0]:
                status, body = 200, london
            else:
                for _ in range(300):
                    if os.path.exists(release): break
                    time.sleep(0.02)
                status, body = 401, {"cod": 401, "message": "Invalid API key."}
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
        def log_message(self, *arguments): pass
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)
    server.serve_forever()
    """
}
