import Foundation
import XCTest

/// The built `pipe` executable, next to the test bundle, and ways to run it.
enum PipeBinary {
  static var path: String {
    var folder = Bundle.main.bundleURL
    if folder.pathExtension == "xctest" { folder.deleteLastPathComponent() }
    return folder.appendingPathComponent("pipe").path
  }

  /// A fresh folder for HOME and the XDG folders, removed by the test's teardown.
  static func temporaryHome(for test: XCTestCase) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "pipe-home-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    return folder.path
  }

  /// Runs `pipe` with `arguments` and `input` on a pipe (not a terminal).
  static func run(
    _ arguments: [String], input: String = "", environment: [String: String] = [:]
  ) throws -> (status: Int32, output: String, error: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
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
