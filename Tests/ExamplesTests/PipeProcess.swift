import Foundation
import XCTest

/// Runs the built `pipe` binary and collects what it printed and how it exited.
struct PipeProcess {
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String

    var stdoutLines: [String] {
      stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
  }

  /// The package's root folder, where examples/ lives.
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// `pipe` in the build products folder, next to the test bundle.
  static func binary() throws -> URL {
    let bundle = Bundle(for: ExamplesTests.self).bundleURL
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    let folders = [
      bundle, bundle.deletingLastPathComponent(), executable.deletingLastPathComponent(),
      executable.deletingLastPathComponent().deletingLastPathComponent(),
    ]
    for folder in folders {
      let candidate = folder.appendingPathComponent("pipe")
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory),
        !isDirectory.boolValue
      {
        return candidate
      }
    }
    throw MissingTestSetup(
      "no pipe binary next to the tests in \(folders.map(\.path)); run swift build first")
  }

  /// Runs `pipe` with `arguments` in the package root, colour off, standard input empty.
  static func run(_ arguments: [String], input: String = "") throws -> Result {
    let process = Process()
    process.executableURL = try binary()
    process.arguments = arguments
    process.currentDirectoryURL = packageRoot
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    process.environment = environment
    let (stdin, stdout, stderr) = (Pipe(), Pipe(), Pipe())
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    let errors = ErrorReader(stderr.fileHandleForReading)
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: output, as: UTF8.self),
      stderr: errors.text())
  }
}

/// Reads a pipe on its own thread, so a full standard error cannot block the child.
final class ErrorReader: @unchecked Sendable {
  private var data = Data()
  private let done = DispatchSemaphore(value: 0)

  init(_ handle: FileHandle) {
    Thread.detachNewThread { [self] in
      data = handle.readDataToEndOfFile()
      done.signal()
    }
  }

  func text() -> String {
    done.wait()
    return String(decoding: data, as: UTF8.self)
  }
}

/// What the test needs from the machine is missing: a failure, not a skip, because
/// `make test` installs it (a skipped test would pass CI without testing anything).
struct MissingTestSetup: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
