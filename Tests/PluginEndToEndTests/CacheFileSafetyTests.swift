import Foundation
import PipeProcessSupport
import XCTest

/// cache.json as an attacker (or an accident) leaves it: a FIFO, a symbolic link, a file of
/// 64 MB. Each is refused with a note, in bounded time, and a link's target is never written.
/// Starts processes.
final class CacheFileSafetyTests: XCTestCase {
  private let script = #"weather "London" | catch cache | show"#

  private func folder(_ sandbox: Sandbox) throws {
    try FileManager.default.createDirectory(
      at: sandbox.cacheFile.deletingLastPathComponent(), withIntermediateDirectories: true)
  }

  /// A FIFO froze the run (reading it waited for a writer).
  func testAFIFOIsRefusedWithANote() throws {
    let sandbox = try Sandbox(self)
    try folder(sandbox)
    XCTAssertEqual(mkfifo(sandbox.cacheFile.path, 0o600), 0)
    let run = try sandbox.script(script, timeout: 10)
    XCTAssertTrue(run.stderr.contains("it is a FIFO (named pipe), not a regular file"), run.stderr)
    XCTAssertEqual(run.status, 0, run.stderr)
  }

  /// A link is neither followed (its target is read nor written) nor replaced.
  func testASymbolicLinkIsNeitherFollowedNorReplaced() throws {
    let sandbox = try Sandbox(self)
    try folder(sandbox)
    let target = sandbox.root.appendingPathComponent("target.json")
    try "{}".write(to: target, atomically: true, encoding: .utf8)
    try FileManager.default.createSymbolicLink(at: sandbox.cacheFile, withDestinationURL: target)
    let run = try sandbox.script(script)
    XCTAssertTrue(run.stderr.contains("it is a symbolic link, which pipe does not follow"), run.stderr)
    XCTAssertEqual(try String(contentsOf: target, encoding: .utf8), "{}")
    XCTAssertEqual(
      try FileManager.default.destinationOfSymbolicLink(atPath: sandbox.cacheFile.path), target.path)
  }

  /// 64 MB of cache was read whole; now more than 4 MiB is refused at once.
  func testAHugeFileIsRefusedWithANote() throws {
    let sandbox = try Sandbox(self)
    try folder(sandbox)
    let entry = "\"k\(String(repeating: "x", count: 1000))"
    let body = (0..<65536).map { "\(entry)\($0)\": 1" }.joined(separator: ",")
    try Data(("{" + body + "}").utf8).write(to: sandbox.cacheFile)
    let run = try sandbox.script("set network off\n" + script, timeout: 10)
    XCTAssertTrue(run.stderr.contains("it is larger than 4 MiB, the most pipe reads of it"), run.stderr)
    XCTAssertTrue(run.exitedNormally, "status \(run.status)")
  }
}
