import Foundation
import PipeProcessSupport
import XCTest

/// Plugins that break the rules in ways a crash test does not cover, written in Python and run
/// by the real `pipe`: each ends as an error of its own, in bounded time and memory, leaving
/// nothing behind.
final class MisbehavingPluginTests: XCTestCase {
  /// A reply for a subscription the plugin was never sent (here id 1, right after its hello) is
  /// a protocol violation, never a value of a later subscription that happens to get that id.
  func testAReplyForASubscriptionNeverSentIsABadResponse() throws {
    let sandbox = try Sandbox(self)
    try sandbox.addPlugin(
      "pipe-plugin-unsolicited.py",
      PythonPlugin.source(
        name: "unsolicited", sources: ["unsolicited"],
        afterHello: #"send({"type": "next", "id": 1, "value": 666})"#,
        onSubscribe: #"send({"type": "completed", "id": m["id"]})"#))
    for _ in 0..<5 {
      let run = try sandbox.script("unsolicited | collect")
      XCTAssertTrue(
        run.stderr.contains(
          "error: badResponse — plugin 'unsolicited' sent a reply for subscription 1, which it was never sent"
        ),
        run.stderr)
      XCTAssertFalse(run.stdout.contains("666"), run.stdout)
      XCTAssertEqual(run.status, 1)
    }
  }

  /// A plugin that forked a child (which holds its stdout and stderr) and then exits is seen
  /// to exit at once, not at the deadline; and the child does not outlive pipe.
  func testAPluginsExitIsSeenAtOnceAndWhatItForkedIsEnded() throws {
    let sandbox = try Sandbox(self)
    let pids = sandbox.root.appendingPathComponent("forked.pid")
    try sandbox.addPlugin(
      "pipe-plugin-forks.py",
      PythonPlugin.source(
        name: "forks", sources: ["forks"],
        beforeHello: """
          child = os.fork()
          if child == 0:
              time.sleep(60)
              os._exit(0)
          with open("\(pids.path)", "w") as f:
              f.write(str(child))
          """,
        onSubscribe: "os._exit(5)"))
    let started = Date()
    let run = try sandbox.script("forks | show")
    XCTAssertLessThan(Date().timeIntervalSince(started), 5, "not the 10 s deadline")
    XCTAssertTrue(
      run.stderr.contains("error: pluginCrashed — plugin 'forks' exited with status 5"), run.stderr)
    let pid = try XCTUnwrap(Int32(String(contentsOf: pids, encoding: .utf8)))
    waitUntil(deadline: 3, "the forked child \(pid) outlived pipe") { hasEnded(process: pid) }
  }

  /// 24 MB written to stderr: pipe echoes the first lines and a count of the rest, and its
  /// memory stays near its size at rest (it grew by 75 MB with 20 MB before).
  func testAFloodOnStderrIsEchoedWithinABudgetAndHeldInBoundedMemory() throws {
    let sandbox = try Sandbox(self)
    try sandbox.addPlugin(
      "pipe-plugin-flood.py",
      PythonPlugin.source(
        name: "flood", sources: ["flood"],
        beforeHello: """
          block = ("x" * 99 + "\\n") * 10000
          for _ in range(24):
              sys.stderr.write(block)
          sys.stderr.flush()
          """,
        onSubscribe: """
          time.sleep(1.5)
          send({"type": "next", "id": m["id"], "value": "done"})
          send({"type": "completed", "id": m["id"]})
          """))
    let started = Date()
    let process = try Spawned(
      ["-e", "flood | show"], environment: sandbox.environment.merging(["PIPE_PLUGIN_DEADLINE": "60"]) { $1 })
    var peak = 0
    while process.isRunning {
      peak = max(peak, highWaterMark(of: process.pid) ?? 0)
      Thread.sleep(forTimeInterval: 0.05)
    }
    let run = process.wait(timeout: 120)
    XCTAssertEqual(run.stdoutLines, ["done"])
    let logged = run.stderr.split(separator: "\n")
    // The budget: a burst of 128 KiB, then 8 KiB a second, a 100-byte line costing 128 bytes;
    // a loaded machine makes the run longer and lets more through, never 240,000 lines.
    let seconds = Date().timeIntervalSince(started)
    let allowed = (128 << 10) / 128 + Int(seconds * Double((8 << 10) / 128)) + 20
    XCTAssertLessThan(
      logged.count, allowed, "240,000 lines were written in \(Int(seconds)) s; the echo has a budget")
    XCTAssertTrue(run.stderr.contains("lines of its log left out)"), String(run.stderr.suffix(300)))
    XCTAssertGreaterThan(peak, 0, "the memory of pipe was read")
    XCTAssertLessThan(peak, 70 << 20, "pipe's peak memory: \(peak >> 20) MB")
  }
}

/// The process ids a plugin wrote to `file` (spaces between), once it exists; nil (and the
/// test failed) when `process` ends first or 30 s pass.
func waitForPIDs(in file: URL, of process: Spawned, file source: StaticString = #filePath, line: UInt = #line)
  -> [Int32]?
{
  let end = Date(timeIntervalSinceNow: 30)
  while !FileManager.default.fileExists(atPath: file.path) {
    guard Date() < end, process.isRunning else {
      XCTFail("the plugin did not start: \(process.stderr)", file: source, line: line)
      return nil
    }
    Thread.sleep(forTimeInterval: 0.02)
  }
  let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
  return text.split(separator: " ").compactMap { Int32($0) }
}

/// The peak resident memory of a process (VmHWM), in bytes.
func highWaterMark(of pid: Int32) -> Int? {
  guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
    let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
    let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
  else { return nil }
  return kilobytes << 10
}
