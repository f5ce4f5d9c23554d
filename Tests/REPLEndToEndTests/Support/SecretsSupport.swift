import Foundation
import PipeProcessSupport
import XCTest

/// An HTTP server on 127.0.0.1 (Python) that answers every request 401, echoing the key the
/// request carried in its body, as some services do; it remembers the requests' targets.
final class EchoingServer {
  private let server: PythonServer
  private let log: String

  init(test: XCTestCase) throws {
    log = try TemporaryFolder.home(for: test) + "/requests.log"
    server = try PythonServer(script: EchoingServer.source, arguments: [log], test: test)
  }

  var port: Int { server.port }

  /// The targets of the requests so far, one a line.
  func requests() -> String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }

  private static let source = #"""
    import http.server, sys, urllib.parse
    LOG = sys.argv[1]
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        disable_nagle_algorithm = True
        def do_GET(self):
            with open(LOG, "a") as log:
                log.write(self.path + "\n")
            query = urllib.parse.parse_qs(urllib.parse.urlparse(self.path).query)
            key = (query.get("appid") or query.get("key") or [""])[0]
            body = ('{"cod":401,"message":"Invalid API key %s. Please see https://openweathermap.org/faq#error401"}' % key).encode()
            self.send_response(401)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        def log_message(self, *args):
            pass
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)
    server.serve_forever()
    """#
}

/// Looks at real processes for what makes a core dump: their core size limit
/// (/proc/PID/limits) and whether they are dumpable (a process that is not has its
/// /proc/PID files owned by root, which shows when it runs as another user).
enum CoreDumpProbe {
  /// Starts a copy of `binary` as user 65534 with no core limit, its standard input held open,
  /// and returns its core limits (`soft hard`) and the owner of its /proc/PID/status, once
  /// both say it protected itself (or, failing the test's assertions, as they are after 10 s).
  /// The copy lies in a fresh folder anyone may enter: the checkout may be under a folder
  /// user 65534 cannot enter (a clean clone in a mode 0700 folder, as CI's may be).
  static func inspect(_ binary: String, test: XCTestCase) throws -> (limit: String, statusOwner: Int) {
    let home = try TemporaryFolder.home(for: test)
    try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: home)
    let copy = home + "/" + URL(fileURLWithPath: binary).lastPathComponent
    try FileManager.default.copyItem(atPath: binary, toPath: copy)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: copy)
    let process = try Spawned(
      [
        "--reuid", "65534", "--regid", "65534", "--clear-groups", "prlimit", "--core=unlimited:unlimited",
        copy,
      ], environment: ["HOME": home, "PATH": "/usr/bin:/bin"], executable: "/usr/bin/setpriv")
    defer { process.killGroup() }
    let proc = "/proc/\(process.pid)"
    let deadline = Date().addingTimeInterval(10)
    while (try? FileManager.default.destinationOfSymbolicLink(atPath: proc + "/exe")) != copy {
      guard Date() < deadline, process.isRunning else {
        throw MissingTestSetup("\(copy) did not start as user 65534: \(process.stderr)")
      }
      usleep(20_000)
    }
    var probed = (limit: "", statusOwner: -1)
    repeat {
      let limits = (try? String(contentsOfFile: proc + "/limits", encoding: .utf8)) ?? ""
      let core = limits.split(separator: "\n").first { $0.hasPrefix("Max core file size") } ?? ""
      let owner = try? FileManager.default.attributesOfItem(atPath: proc + "/status")[.ownerAccountID] as? Int
      probed = (core.split(separator: " ").dropFirst(4).prefix(2).joined(separator: " "), owner ?? -1)
      if probed == ("0 0", 0) { break }
      usleep(20_000)
    } while Date() < deadline
    return probed
  }

  /// Runs `binary` with no core limit, `input` on its standard input; its standard output.
  static func runWithoutCoreLimit(_ binary: String, input: String, environment: [String: String]) throws
    -> String
  {
    let process = try Spawned(
      ["--core=unlimited:unlimited", binary], environment: PipeProcess.environment(adding: environment),
      executable: "/usr/bin/prlimit")
    process.send(input)
    return process.wait().stdout
  }

  /// A Python plugin whose source `corelimit` emits the core limit it runs with.
  static let plugin = #"""
    #!/usr/bin/env python3
    import json, os, resource, sys
    def send(message):
        os.write(1, (json.dumps(message) + "\n").encode())
    send({"type": "hello", "protocol": 1, "name": "corelimit", "version": "1.0.0",
          "sources": [{"name": "corelimit", "doc": "The core limit.", "params": []}]})
    for line in sys.stdin:
        message = json.loads(line)
        if message.get("type") == "subscribe":
            soft, hard = resource.getrlimit(resource.RLIMIT_CORE)
            shown = lambda n: "unlimited" if n == resource.RLIM_INFINITY else str(n)
            send({"type": "next", "id": message["id"], "value": shown(soft) + " " + shown(hard)})
            send({"type": "completed", "id": message["id"]})
    """#
}
