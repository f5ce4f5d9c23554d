import Foundation
import PipeProcessSupport
import XCTest

/// A built plugin executable, run as the host runs it: lines in on stdin, lines out on stdout.
final class PluginProcess {
  private let process: Spawned

  /// Starts `name` from the build's products, with a fresh HOME.
  init(_ name: String) throws {
    process = try Spawned([], environment: PipeProcess.environment(), executable: Products.path(of: name))
  }

  func send(_ line: String) {
    process.send(line + "\n")
  }

  /// The first `count` lines the plugin wrote, waiting up to `timeout` seconds for them.
  func lines(_ count: Int, timeout: TimeInterval = 10) -> [String] {
    _ = process.waitForOutput(timeout: timeout) { $0.utf8.count { $0 == UInt8(ascii: "\n") } >= count }
    return process.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().prefix(count)
      .map(String.init)
  }

  /// The parsed JSON of lines `range` (waiting for them); an empty object for a line that
  /// did not come in time (the test fails on it, rather than crash).
  func messages(_ range: ClosedRange<Int>, file: StaticString = #filePath, line: UInt = #line) -> [[String:
    Any]]
  {
    let lines = lines(range.upperBound + 1)
    XCTAssertEqual(
      lines.count, range.upperBound + 1, "lines the plugin wrote: \(lines)", file: file, line: line)
    return range.map { index in
      guard index < lines.count else { return [:] }
      return (try? JSONSerialization.jsonObject(with: Data(lines[index].utf8))) as? [String: Any] ?? [:]
    }
  }

  /// Closes stdin and waits for the plugin to exit.
  func close() -> Int32 {
    process.wait(timeout: 30).status
  }
}

/// A `subscribe` line.
func subscribeLine(
  id: Int, _ source: String, args: String = "{}", settings: String = "{}", attempt: Int = 1
) -> String {
  #"{"type":"subscribe","id":\#(id),"source":"\#(source)","args":\#(args),"settings":\#(settings),"attempt":\#(attempt)}"#
}
