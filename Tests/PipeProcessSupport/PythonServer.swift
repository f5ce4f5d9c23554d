import Foundation

/// Fails the test when python3 is not on PATH (`make test` installs it).
public func requirePython() throws {
  let found = ProcessInfo.processInfo.environment["PATH", default: ""].split(separator: ":")
    .contains { FileManager.default.isExecutableFile(atPath: "\($0)/python3") }
  if !found { throw MissingTestSetup("python3 is not installed") }
}

/// A small server in Python on 127.0.0.1 (an HTTP stand-in for a web API), for the tests that
/// need a real one: it prints its port on its first line, and is killed (with its process
/// group) when the test ends.
///
///     let server = try PythonServer(script: source, arguments: [log], test: self)
///     "http://127.0.0.1:\(server.port)"
public final class PythonServer {
  public let port: Int
  private let process: Spawned

  /// Runs `python3 -c script arguments…` and waits up to `timeout` seconds for its port;
  /// `started` is told of the process at once, to stop it whatever happens next.
  public init(
    script: String, arguments: [String] = [], timeout: TimeInterval = 20, started: (Spawned) -> Void
  ) throws {
    try requirePython()
    let process = try Spawned(
      ["python3", "-c", script] + arguments, environment: PipeProcess.environment(),
      executable: "/usr/bin/env")
    started(process)
    guard process.waitForOutput(timeout: timeout, until: { $0.contains("\n") }),
      let port = Int(process.stdout.prefix { $0 != "\n" })
    else {
      throw MissingTestSetup("the Python server did not start: \(process.stdout)\(process.stderr)")
    }
    self.port = port
    self.process = process
  }

  /// `http://127.0.0.1:PORT`
  public var url: String { "http://127.0.0.1:\(port)" }
}
