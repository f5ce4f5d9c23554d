import Foundation
import PipeProcessSupport
import XCTest

/// Runs the `pipe` binary with standard output and standard error each on a terminal of
/// its own or on a pipe, as a person's shell would set them up, and reads both apart.
///
///     let run = try StreamRun.run(["-e", "just 1 | fliter"], output: .pipe, error: .terminal)
///     run.error  // the diagnostic, coloured: standard error is a terminal
struct StreamRun {
  enum Kind { case terminal, pipe }

  var output: String
  var error: String
  var status: Int32

  /// Runs `pipe arguments` with a fresh HOME, `TERM=xterm-256color` and no colour variables
  /// unless `environment` sets them; killed after `timeout` seconds (the test fails).
  static func run(
    _ arguments: [String], output: Kind, error: Kind, environment: [String: String] = [:],
    timeout: TimeInterval = 60
  ) throws -> StreamRun {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent(
      "pipe-streams-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: home) }
    var inherited = ProcessInfo.processInfo.environment
    for name in ["NO_COLOR", "FORCE_COLOR", "COLUMNS", "XDG_CACHE_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME"] {
      inherited[name] = nil
    }
    inherited["HOME"] = home.path
    inherited["TERM"] = "xterm-256color"
    let process = Process()
    process.executableURL = PipeProcess.executable
    process.arguments = arguments
    process.environment = inherited.merging(environment) { $1 }
    process.standardInput = FileHandle.nullDevice
    let out = try Stream(output)
    let err = try Stream(error)
    process.standardOutput = out.writer
    process.standardError = err.writer
    let done = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in done.signal() }
    try process.run()
    out.closeWriter()
    err.closeWriter()
    let reads = [out, err].map { stream in
      let text = UnsafeMutableTransferBox("")
      let thread = Thread { text.value = stream.readAll() }
      thread.start()
      return (text, thread)
    }
    if done.wait(timeout: .now() + timeout) == .timedOut {
      process.terminate()
      XCTFail("pipe \(arguments) did not finish in \(timeout) s")
      done.wait()
    }
    while reads.contains(where: { !$0.1.isFinished }) { Thread.sleep(forTimeInterval: 0.01) }
    return StreamRun(output: reads[0].0.value, error: reads[1].0.value, status: process.terminationStatus)
  }

  /// One end the child writes to: a pseudo-terminal's follower, or a pipe.
  private final class Stream: @unchecked Sendable {
    let terminal: PseudoTerminal?
    let pipe: Pipe?

    init(_ kind: Kind) throws {
      terminal = kind == .terminal ? try PseudoTerminal() : nil
      pipe = kind == .pipe ? Pipe() : nil
    }

    var writer: Any { terminal?.follower ?? pipe!.fileHandleForWriting }

    func closeWriter() {
      terminal?.closeFollower()
      try? pipe?.fileHandleForWriting.close()
    }

    func readAll() -> String {
      if let terminal { return terminal.readAll() }
      return String(decoding: pipe!.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }
  }
}

/// A value written by one thread and read by another after it finished.
final class UnsafeMutableTransferBox<Value>: @unchecked Sendable {
  var value: Value
  init(_ value: Value) { self.value = value }
}
