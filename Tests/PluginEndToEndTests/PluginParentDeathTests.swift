import Foundation
import PipeProcessSupport
import XCTest

/// A plugin ends with pipe even when pipe is killed with SIGKILL, which no handler sees: the
/// plugin is started with PR_SET_PDEATHSIG. Every test here starts processes.
final class PluginParentDeathTests: XCTestCase {
  /// A plugin that ignores the end of its input and SIGTERM, and never ends on its own: after
  /// `kill -9` of pipe it is gone (it was left running with PPID 1).
  func testAPluginThatIgnoresEverythingDiesWithAKilledPipe() throws {
    let sandbox = try Sandbox(self)
    let pidFile = sandbox.root.appendingPathComponent("pid")
    try sandbox.addPlugin(
      "pipe-plugin-clinging.py",
      PythonPlugin.source(
        name: "clinging", sources: ["clinging"],
        beforeHello: "import signal\nsignal.signal(signal.SIGTERM, signal.SIG_IGN)",
        onSubscribe: """
          with open("\(pidFile.path).tmp", "w") as f:
              f.write(str(os.getpid()))
          os.rename("\(pidFile.path).tmp", "\(pidFile.path)")
          sys.stdin.close()
          while True:
              time.sleep(1)
          """))
    let process = try Spawned(
      ["-e", "clinging | show"],
      environment: sandbox.environment.merging(["PIPE_PLUGIN_DEADLINE": "120"]) { $1 })
    defer { process.killGroup() }
    guard let plugin = waitForPIDs(in: pidFile, of: process)?.first else { return }
    XCTAssertEqual(parent(of: plugin), process.pid, "the plugin is pipe's child")
    // Out of the test's group kill: only pipe gets the SIGKILL.
    process.signal(SIGKILL)
    let run = process.wait(timeout: 20)
    XCTAssertTrue(run.signaled, "pipe was killed: status \(run.status)")
    let gone = waitUntil(
      deadline: 3, "the plugin \(plugin) outlived pipe's SIGKILL (PPID \(parent(of: plugin) ?? 0))"
    ) { hasEnded(process: plugin) }
    if !gone { kill(plugin, SIGKILL) }
  }

  /// The parent process id of `pid`, from /proc; nil once it is gone.
  private func parent(of pid: Int32) -> Int32? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let fields = stat.split(separator: ")").last?.split(separator: " "), fields.count > 1
    else { return nil }
    return Int32(fields[1])
  }
}
