import Foundation
import PipeProcessSupport
import XCTest

/// A key with characters a URL escapes (a space, `é`, `&`, `=`) goes in the request's query
/// percent-encoded; a server that echoes the query it got gives it back so, and pipe masks
/// that form too (it printed `appid=sk%20live%20%C3%A9…`). Every test here starts `pipe` and a
/// Python server on 127.0.0.1.
final class EncodedSecretTests: XCTestCase {
  func testAKeyAServerEchoesPercentEncodedIsMasked() throws {
    let port = try PythonServer(script: Self.server, test: self).port
    let script = "set weather.mode live\nweather \"London\" | show\n"
    for key in ["sk live é+1", "sk/a&b=c;d"] {
      let result = try PipeProcess.run(
        ["--set", "weather.baseURL=http://127.0.0.1:\(port)", "-e", script],
        environment: ["PIPE_WEATHER_APIKEY": key])
      XCTAssertTrue(result.stderr.contains("error: invalidKey — Invalid API key q=London"), result.stderr)
      XCTAssertTrue(result.stderr.contains("appid=•••• (at weather"), result.stderr)
      XCTAssertFalse(result.stdout.contains("sk") || result.stderr.contains(key), result.stderr)
      XCTAssertFalse(result.stderr.contains("appid=sk"), result.stderr)
    }
  }

  /// Answers 401 with the query it got, as it got it, in the message.
  private static let server = #"""
    import http.server, urllib.parse
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        def do_GET(self):
            query = urllib.parse.urlparse(self.path).query
            body = ('{"cod": 401, "message": "Invalid API key %s"}' % query).encode()
            self.send_response(401)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        def log_message(self, *arguments): pass
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)
    server.serve_forever()
    """#
}
