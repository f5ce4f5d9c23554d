import Foundation
import XCTest

/// An HTTP server on 127.0.0.1 (Python) that answers every request 401, echoing the key the
/// request carried in its body, as some services do; it remembers the requests' targets.
final class EchoingServer {
  let port: Int
  private let process = Process()
  private let log: String

  init(test: XCTestCase) throws {
    let folder = try PipeBinary.temporaryHome(for: test)
    log = folder + "/requests.log"
    let script = folder + "/server.py"
    try EchoingServer.source.write(toFile: script, atomically: true, encoding: .utf8)
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script, log]
    let stdout = Pipe()
    process.standardOutput = stdout
    try process.run()
    let line = String(decoding: stdout.fileHandleForReading.availableData, as: UTF8.self)
    guard let port = Int(line.trimmingCharacters(in: .whitespacesAndNewlines)) else {
      process.terminate()
      throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "no port: \(line)"])
    }
    self.port = port
    let process = self.process
    test.addTeardownBlock {
      process.terminate()
      process.waitUntilExit()
    }
  }

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
  /// Starts `binary` as user 65534 with no core limit, its standard input held open, and
  /// returns its core limits (`soft hard`) and the owner of its /proc/PID/status.
  static func inspect(_ binary: String, test: XCTestCase) throws -> (limit: String, statusOwner: Int) {
    let home = try PipeBinary.temporaryHome(for: test)
    try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: home)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
    process.arguments = [
      "--reuid", "65534", "--regid", "65534", "--clear-groups", "prlimit", "--core=unlimited:unlimited",
      binary,
    ]
    process.environment = ["HOME": home, "PATH": "/usr/bin:/bin"]
    let input = Pipe()
    process.standardInput = input
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer {
      try? input.fileHandleForWriting.close()
      process.terminate()
      process.waitUntilExit()
    }
    let proc = "/proc/\(process.processIdentifier)"
    let deadline = Date().addingTimeInterval(10)
    while (try? FileManager.default.destinationOfSymbolicLink(atPath: proc + "/exe")) != binary {
      guard Date() < deadline else { throw CocoaError(.fileReadNoSuchFile) }
      usleep(20_000)
    }
    usleep(200_000)  // past its first lines
    let limits = try String(contentsOfFile: proc + "/limits", encoding: .utf8)
    let core = limits.split(separator: "\n").first { $0.hasPrefix("Max core file size") } ?? ""
    let words = core.split(separator: " ")
    let owner = try FileManager.default.attributesOfItem(atPath: proc + "/status")[.ownerAccountID] as? Int
    return (words.dropFirst(4).prefix(2).joined(separator: " "), owner ?? -1)
  }

  /// Runs `binary` with no core limit, `input` on its standard input; its standard output.
  static func runWithoutCoreLimit(_ binary: String, input: String, environment: [String: String]) throws
    -> String
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/prlimit")
    process.arguments = ["--core=unlimited:unlimited", binary]
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let (stdin, stdout) = (Pipe(), Pipe())
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = FileHandle.nullDevice
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: output, as: UTF8.self)
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
