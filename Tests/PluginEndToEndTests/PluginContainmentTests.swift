import Foundation
import PipeProcessSupport
import XCTest

/// Plugins in Python that push against pipe's limits, run by the real `pipe`: a flood of
/// events, a burst, a look at the environment, and plugins that will not end. Every test here
/// starts processes.
final class PluginContainmentTests: XCTestCase {
  /// A plugin that writes `next` events without end, each due a second after the last (on
  /// the real clock, so they wait in pipe), to `count`, which never ends: pipe stops reading
  /// while 4096 are unconsumed, the plugin blocks on its writes, and pipe's memory stays flat
  /// (it grew by 12 MB a second, and to 2 GB in 25 s with a faster plugin).
  func testAnEndlessStreamOfEventsBlocksThePluginAndKeepsPipesMemoryFlat() throws {
    let sandbox = try Sandbox(self)
    let sent = sandbox.root.appendingPathComponent("sent")
    try sandbox.addPlugin(
      "pipe-plugin-endless.py",
      PythonPlugin.source(
        name: "endless", sources: ["endless"],
        onSubscribe: """
          line = json.dumps({"type": "next", "id": m["id"], "value": 1, "after_ms": 1000}) + "\\n"
          block = (line * 1000).encode()
          count = 0
          while True:
              sys.stdout.buffer.write(block)
              sys.stdout.buffer.flush()
              count += 1000
              with open("\(sent.path).tmp", "w") as f:
                  f.write(str(count))
              os.replace("\(sent.path).tmp", "\(sent.path)")
          """))
    let process = try Spawned(
      ["--clock", "real", "-e", "endless | count"],
      environment: sandbox.environment.merging(["PIPE_PLUGIN_DEADLINE": "120"]) { $1 })
    defer { process.killGroup() }
    // Until the plugin has sent 400k events, or has been blocked for 3 s.
    let end = Date(timeIntervalSinceNow: 120)
    var (count, changed, peak) = (0, Date(), 0)
    while count < 400_000 && (count == 0 || Date().timeIntervalSince(changed) < 3) {
      guard process.isRunning, Date() < end else {
        return XCTFail("neither blocked nor 400k events sent within 120 s: \(process.stderr)")
      }
      let now = Int((try? String(contentsOf: sent, encoding: .utf8)) ?? "") ?? 0
      if now != count { (count, changed) = (now, Date()) }
      peak = max(peak, highWaterMark(of: process.pid) ?? 0)
      Thread.sleep(forTimeInterval: 0.05)
    }
    XCTAssertLessThan(count, 100_000, "the plugin was not stopped: it sent \(count) events")
    XCTAssertGreaterThan(peak, 0, "pipe's memory was read")
    XCTAssertLessThan(peak, 100 << 20, "pipe's peak memory: \(peak >> 20) MB")
  }

  /// 200k events in one burst take about 4 times as long as 50k (they took 16.5 s against
  /// 3.9 s for 100k: each was taken from the front of an array).
  func testABurstOfEventsTakesTimeLinearInItsSize() throws {
    let sandbox = try Sandbox(self)
    for count in [50_000, 200_000] {
      try sandbox.addPlugin(
        "pipe-plugin-burst\(count / 1000).py",
        PythonPlugin.source(
          name: "burst\(count / 1000)", sources: ["burst\(count / 1000)"],
          onSubscribe: """
            sys.stdout.write((json.dumps({"type": "next", "id": m["id"], "value": 1}) + "\\n") * \(count))
            send({"type": "completed", "id": m["id"]})
            """))
      // The plugin's hello is learnt first (and cached), so that only the burst is timed.
      _ = try sandbox.script("just 1 | discard; burst\(count / 1000) | take 1 | discard")
    }
    let growth = try Growth.ratio(small: 50_000, large: 200_000, under: 6, rounds: 3) { count in
      var run: PipeRun?
      let seconds = try Growth.childCPUSeconds {
        run = try sandbox.script("burst\(count / 1000) | count", timeout: 120)
      }
      XCTAssertEqual(run?.stdoutLines, ["\(count)"], run?.stderr ?? "")
      return seconds
    }
    XCTAssertLessThan(growth.ratio, 6, "a burst of events: " + growth.measured)
  }

  /// A plugin sees no secret of the environment but its own: not `PIPE_WEATHER_APIKEY` (a
  /// third-party plugin read it), nor `GITHUB_TOKEN`; `PIPE_ENVDUMP_APIKEY` is its own.
  func testAPluginsEnvironmentHoldsNoOtherSecret() throws {
    let sandbox = try Sandbox(self)
    try sandbox.addPlugin(
      "pipe-plugin-envdump.py",
      PythonPlugin.source(
        name: "envdump", sources: ["envdump"],
        onSubscribe: """
          send({"type": "next", "id": m["id"], "value": " ".join(sorted(os.environ))})
          send({"type": "completed", "id": m["id"]})
          """))
    let run = try sandbox.script(
      "envdump | show",
      environment: [
        "PIPE_WEATHER_APIKEY": "weather-secret-1", "GITHUB_TOKEN": "gh-secret-2",
        "AWS_SECRET_ACCESS_KEY": "aws-secret-3", "PIPE_ENVDUMP_APIKEY": "own-secret-4",
        "PIPE_ENVDUMP_X_KEY": "other-secret-5",
      ])
    XCTAssertEqual(run.status, 0, run.stderr)
    let names = Set(
      run.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ").map(String.init))
    XCTAssertTrue(names.contains("PATH"), run.stdout)
    XCTAssertTrue(names.contains("PIPE_ENVDUMP_APIKEY"), "its own key: \(run.stdout)")
    for name in ["PIPE_WEATHER_APIKEY", "GITHUB_TOKEN", "AWS_SECRET_ACCESS_KEY", "PIPE_ENVDUMP_X_KEY"] {
      XCTAssertFalse(names.contains(name), "\(name) reached the plugin: \(run.stdout)")
    }
  }

  func testSIGTERMEndsAPluginThatIgnoresEndOfFileAndWhatLeftItsGroup() throws {
    try checkSignalEndsStubbornPlugin(SIGTERM)
  }

  func testSIGHUPEndsAPluginThatIgnoresEndOfFileAndWhatLeftItsGroup() throws {
    try checkSignalEndsStubbornPlugin(SIGHUP)
  }

  /// A plugin that ignores the end of its input and SIGTERM, and has forked a child that
  /// called setsid() (out of the plugin's process group): `signal` to pipe ends pipe, with the
  /// signal, and both (they were left running with PPID 1).
  private func checkSignalEndsStubbornPlugin(_ signal: Int32) throws {
    let sandbox = try Sandbox(self)
    let pids = sandbox.root.appendingPathComponent("pids")
    try sandbox.addPlugin(
      "pipe-plugin-stubborn.py",
      PythonPlugin.source(
        name: "stubborn", sources: ["stubborn"],
        beforeHello: "import signal\nsignal.signal(signal.SIGTERM, signal.SIG_IGN)",
        onSubscribe: """
          child = os.fork()
          if child == 0:
              os.setsid()
              time.sleep(30)
              os._exit(0)
          with open("\(pids.path).tmp", "w") as f:
              f.write("%d %d" % (os.getpid(), child))
          os.rename("\(pids.path).tmp", "\(pids.path)")
          while True:
              time.sleep(1)
          """))
    let process = try Spawned(
      ["-e", "stubborn | show"],
      environment: sandbox.environment.merging(["PIPE_PLUGIN_DEADLINE": "120"]) { $1 })
    defer { process.killGroup() }
    guard let started = waitForPIDs(in: pids, of: process) else { return }
    XCTAssertEqual(started.count, 2)
    process.signal(signal)
    let run = process.wait(timeout: 20)
    XCTAssertTrue(run.signaled, "pipe ends with the signal: status \(run.status)")
    for pid in started {
      let gone = waitUntil(deadline: 3, "process \(pid) outlived pipe after signal \(signal)") {
        hasEnded(process: pid)
      }
      if !gone { kill(pid, SIGKILL) }
    }
  }
}
