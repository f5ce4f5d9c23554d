import Foundation
import PipeProcessSupport
import XCTest

/// The built `pipe` executable, and ways to run it with standard input on a pipe.
enum PipeBinary {
  static var path: String { PipeProcess.executable.path }

  /// A fresh folder for HOME and the XDG folders, removed by the test's teardown.
  static func temporaryHome(for test: XCTestCase) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "pipe-home-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    return folder.path
  }

  /// Runs `pipe` with `arguments` and `input` on a pipe (not a terminal); `executable` may be
  /// another copy of pipe (an installed one), run in `directory`.
  static func run(
    _ arguments: [String], input: String = "", environment: [String: String] = [:], executable: String = path,
    directory: String? = nil
  ) throws -> (status: Int32, output: String, error: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = directory.map { URL(fileURLWithPath: $0) }
    let home = FileManager.default.temporaryDirectory.appendingPathComponent(
      "pipe-piped-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: home) }
    let fresh = ["HOME": home.path, "XDG_CACHE_HOME": "", "XDG_CONFIG_HOME": "", "XDG_DATA_HOME": ""]
    process.environment = ProcessInfo.processInfo.environment.merging(fresh) { $1 }.merging(environment) {
      $1
    }
    let (stdin, stdout, stderr) = (Pipe(), Pipe(), Pipe())
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    let error = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: output, as: UTF8.self),
      String(decoding: error, as: UTF8.self)
    )
  }
}

/// Another program run to its end: its exit status, and its standard output and error together.
enum Program {
  static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
  }
}
