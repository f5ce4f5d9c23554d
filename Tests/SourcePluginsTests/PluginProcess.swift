import Foundation
import XCTest

/// A built plugin executable, run as the host runs it: lines in on stdin, lines out on stdout.
final class PluginProcess: @unchecked Sendable {
  private let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  private let condition = NSCondition()
  private var lines: [String] = []
  private var pending = Data()

  /// Starts `name` from the build's products (where the test bundle itself lies).
  init(_ name: String) throws {
    let products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let executable = products.appendingPathComponent(name)
    guard FileManager.default.isExecutableFile(atPath: executable.path) else {
      throw NotBuilt(description: "\(name) is not built in \(products.path): run swift build --build-tests")
    }
    process.executableURL = executable
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    // Weak: Foundation may call the handler once more while this object is going away.
    output.fileHandleForReading.readabilityHandler = { [weak self] handle in
      self?.receive(handle.availableData)
    }
    try process.run()
  }

  deinit {
    output.fileHandleForReading.readabilityHandler = nil
    if process.isRunning { process.terminate() }
  }

  func send(_ line: String) {
    input.fileHandleForWriting.write(Data((line + "\n").utf8))
  }

  /// The first `count` lines the plugin wrote, waiting up to `timeout` seconds for them.
  func lines(_ count: Int, timeout: TimeInterval = 10) -> [String] {
    let deadline = Date().addingTimeInterval(timeout)
    condition.lock()
    defer { condition.unlock() }
    while lines.count < count && condition.wait(until: deadline) {}
    return Array(lines.prefix(count))
  }

  /// The parsed JSON of lines `range` (waiting for them).
  func messages(_ range: ClosedRange<Int>) -> [[String: Any]] {
    lines(range.upperBound + 1)[range].map {
      (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] ?? [:]
    }
  }

  /// Closes stdin and waits for the plugin to exit.
  func close() -> Int32 {
    input.fileHandleForWriting.closeFile()
    process.waitUntilExit()
    return process.terminationStatus
  }

  private func receive(_ data: Data) {
    condition.lock()
    defer { condition.unlock() }
    pending.append(data)
    while let newline = pending.firstIndex(of: 10) {
      lines.append(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
      pending.removeSubrange(pending.startIndex...newline)
    }
    condition.broadcast()
  }
}

struct NotBuilt: Error, CustomStringConvertible {
  let description: String
}

/// A `subscribe` line.
func subscribeLine(
  id: Int, _ source: String, args: String = "{}", settings: String = "{}", attempt: Int = 1
) -> String {
  #"{"type":"subscribe","id":\#(id),"source":"\#(source)","args":\#(args),"settings":\#(settings),"attempt":\#(attempt)}"#
}
