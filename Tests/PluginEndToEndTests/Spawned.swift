import Foundation
import XCTest

/// A running `pipe`: what it writes is collected as it comes, and its input stays open until
/// `closeInput()` (or the end).
final class Spawned: @unchecked Sendable {
  private let process = Process()
  private let input = Pipe()
  private let condition = NSCondition()
  private var output = Data()
  private var errors = Data()
  private var openStreams = 2
  private let exited = DispatchSemaphore(value: 0)

  /// Starts `executable` (`pipe` unless said) with `arguments`.
  init(_ arguments: [String], environment: [String: String], executable: String = Products.pipe) throws {
    let output = Pipe()
    let errors = Pipe()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = environment
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    process.terminationHandler = { [exited] _ in exited.signal() }
    try process.run()
    collect(output, isError: false)
    collect(errors, isError: true)
  }

  var pid: Int32 { process.processIdentifier }
  var isRunning: Bool { process.isRunning }
  var stdout: String { condition.withLock { String(decoding: output, as: UTF8.self) } }
  var stderr: String { condition.withLock { String(decoding: errors, as: UTF8.self) } }

  /// Writes to the process's standard input.
  func send(_ text: String) {
    try? input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
  }

  func closeInput() {
    try? input.fileHandleForWriting.close()
  }

  func signal(_ number: Int32) {
    kill(process.processIdentifier, number)
  }

  /// Waits until standard output holds `text` `count` times; false after `timeout` seconds.
  func waitForOutput(_ text: String, count: Int = 1, timeout: TimeInterval = 20) -> Bool {
    let end = Date(timeIntervalSinceNow: timeout)
    condition.lock()
    defer { condition.unlock() }
    while String(decoding: output, as: UTF8.self).components(separatedBy: text).count - 1 < count {
      guard condition.wait(until: end) else { return false }
    }
    return true
  }

  /// Waits for the process to end; after `timeout` seconds it is killed and the test fails.
  func wait(timeout: TimeInterval = 60, file: StaticString = #filePath, line: UInt = #line) -> PipeRun {
    closeInput()
    if exited.wait(timeout: .now() + timeout) == .timedOut {
      XCTFail("pipe did not end within \(timeout) s; stderr: \(stderr)", file: file, line: line)
      kill(process.processIdentifier, SIGKILL)
      exited.wait()
    }
    condition.lock()
    let end = Date(timeIntervalSinceNow: 10)
    while openStreams > 0 && condition.wait(until: end) {}
    condition.unlock()
    return PipeRun(
      status: process.terminationStatus, signaled: process.terminationReason == .uncaughtSignal,
      stdout: stdout, stderr: stderr)
  }

  private func collect(_ pipe: Pipe, isError: Bool) {
    let thread = Thread { [self] in
      let descriptor = pipe.fileHandleForReading.fileDescriptor
      var buffer = [UInt8](repeating: 0, count: 1 << 16)
      while true {
        let count = read(descriptor, &buffer, buffer.count)
        if count < 0 && errno == EINTR { continue }
        if count <= 0 { break }
        condition.withLock {
          if isError {
            errors.append(contentsOf: buffer[0..<count])
          } else {
            output.append(contentsOf: buffer[0..<count])
          }
          condition.broadcast()
        }
      }
      condition.withLock {
        openStreams -= 1
        condition.broadcast()
      }
    }
    thread.start()
  }
}
