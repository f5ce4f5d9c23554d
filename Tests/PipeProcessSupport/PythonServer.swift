import Foundation

/// A Python program (`python3 -c SCRIPT ARGUMENTS...`) that serves on 127.0.0.1 and prints its
/// port as its first line, as the tests' stand-ins for web services do.
///
///     let server = try PythonServer.start(script, arguments: [logFile])
///     // "http://127.0.0.1:\(server.port)"; server.stop() at the end
public struct PythonServer: @unchecked Sendable {
  public let process: Process
  public let port: Int

  /// Starts the program and waits for its port; an error if it ends or prints no port.
  public static func start(_ script: String, arguments: [String] = []) throws -> PythonServer {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script] + arguments
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    var line = Data()
    while line.last != UInt8(ascii: "\n") {
      let byte = output.fileHandleForReading.readData(ofLength: 1)
      if byte.isEmpty { break }
      line += byte
    }
    let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard let port = Int(text) else {
      process.terminate()
      throw CocoaError(
        .fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "the Python server did not start"])
    }
    return PythonServer(process: process, port: port)
  }

  /// Ends the program and waits for it.
  public func stop() {
    process.terminate()
    process.waitUntilExit()
  }
}
