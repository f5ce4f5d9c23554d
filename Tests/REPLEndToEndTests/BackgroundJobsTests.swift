import PipeProcessSupport
import XCTest

/// Background jobs at the prompt, on the virtual clock: they move by themselves while the
/// prompt waits, and a job waiting for a setting sees a change made while it was failing.
final class BackgroundJobsTests: XCTestCase {
  func testABackgroundJobOnTheVirtualClockEndsByItself() throws {
    let pane = try Tmux.start(test: self, home: try TemporaryFolder.home(for: self))
    try pane.type("every 1s | take 3 &", enter: true)
    let screen = try pane.waitFor("the job done with nothing else typed") { $0.contains("[1] done") }
    XCTAssertTrue(screen.contains("[1] started\n0\n1\n2\n[1] done"), screen)
    try pane.type(":jobs", enter: true)
    try pane.waitFor("its virtual time listed") { $0.contains("[1] done") && $0.contains("3s virtual") }
  }

  func testJobsThatWaitCostNothingAndTheHorizonStillStopsARunaway() throws {
    let pane = try Tmux.start(test: self, home: try TemporaryFolder.home(for: self))
    try pane.type("never &", enter: true)
    try pane.type("cold [\"#\", \"(a|)\"] | retryWhen until(network) | show &", enter: true)
    try pane.waitFor("both started") { $0.contains("[2] started") }
    Thread.sleep(forTimeInterval: 0.5)
    let before = try pane.cpuSeconds()
    Thread.sleep(forTimeInterval: 1)
    let used = try pane.cpuSeconds() - before
    XCTAssertLessThan(used, 0.3, "two waiting jobs used \(used) s of CPU in a second")
    try pane.type(":jobs", enter: true)
    try pane.waitFor("both still running") { $0.contains("[1] running") && $0.contains("[2] running") }
    try pane.type("set horizon 5", enter: true)
    try pane.type("every 1s | map { . * 10 } &", enter: true)
    // The horizon is each job's: the waiting jobs, older, reach theirs first.
    let screen = try pane.waitFor("the runaway stopped") { $0.contains("[3] stopped at the horizon") }
    XCTAssertTrue(screen.contains("[3] started\n0\n10\n20\n30\n40\nnote: stopped 'never &' after 5s"), screen)
    XCTAssertTrue(screen.contains("note: stopped 'every 1s | map { . * 10 } &' after 5s"), screen)
  }

  /// A background job whose source never waits for the clock keeps the loop busy from its
  /// subscription on: it shares the loop with the prompt, which takes and runs the next
  /// statements, `:jobs` and `:kill`, while it runs; no line typed meanwhile is lost.
  static let neverWaiting = [
    "range(0, 9000000000000) | map {. * 2} | last",
    "range(0, 9000000000000) | scan 0 {acc + .} | discard",
    "of(1, 2, 3) | repeat 1000000000 | last",
    "range(0, 9000000000000) | retry | last",
    "range(0, 3) | flatMap (range(0, 9000000000000)) | last",
    "range(0, 9000000000000) | merge (range(0, 9000000000000)) | last",
    // Loops of subscriptions to sources that end during subscribe: repeat (concat's loop)
    // and retry (the resubscribing loop) hand themselves back between two subscriptions.
    "just 1 | repeat 1000000000 | last",
    "fail offline | retry 1000000000 | last",
  ]

  func testABackgroundJobThatNeverWaitsSharesTheLoopWithThePrompt() throws {
    let pane = try Tmux.start(test: self, home: try TemporaryFolder.home(for: self))
    for (index, statement) in Self.neverWaiting.enumerated() {
      let number = index + 1
      try pane.type(statement + " &", enter: true)
      try pane.waitFor("the prompt back after '\(statement) &'") {
        $0.hasSuffix("[\(number)] started\npipe>")
      }
      // Typed at once, one after the other, while the job runs: neither is lost.
      try pane.type("of(1, 2, 3) | show", enter: true)
      try pane.type("just \(number * 10)", enter: true)
      try pane.waitFor("both statements run while '\(statement)' runs") {
        $0.hasSuffix("of(1, 2, 3) | show\n1\n2\n3\npipe> just \(number * 10)\n\(number * 10)\npipe>")
      }
      try pane.type(":jobs", enter: true)
      try pane.waitFor("'\(statement)' listed as running") {
        $0.contains("[\(number)] running") && $0.contains(statement) && $0.hasSuffix("pipe>")
      }
      try pane.type(":kill \(number)", enter: true)
      try pane.waitFor("'\(statement)' killed") { $0.hasSuffix("[\(number)] killed\npipe>") }
    }
    try pane.press("C-l")  // the last listing alone on the screen
    try pane.type(":jobs", enter: true)
    let screen = try pane.waitFor("every job listed") {
      $0.hasSuffix("pipe>") && $0.contains("[\(Self.neverWaiting.count)] ")
    }
    XCTAssertEqual(screen.components(separatedBy: "] killed").count - 1, Self.neverWaiting.count, screen)
  }

  /// On the real clock too: a statement that waits for the clock runs beside the job, at
  /// the wall clock's pace.
  func testOnTheRealClockABackgroundJobThatNeverWaitsSharesTheLoopToo() throws {
    let pane = try Tmux.start(
      test: self, home: try TemporaryFolder.home(for: self), arguments: ["--clock", "real"])
    try pane.type("range(0, 9000000000000) | map {. * 2} | last &", enter: true)
    try pane.waitFor("the prompt back") { $0.hasSuffix("[1] started\npipe>") }
    try pane.type("every 100ms | take 3 | show", enter: true)
    try pane.waitFor("the timer's values") { $0.hasSuffix("take 3 | show\n0\n1\n2\npipe>") }
    try pane.type(":kill 1", enter: true)
    try pane.waitFor("the job killed") { $0.hasSuffix("[1] killed\npipe>") }
  }

  /// A background run paused to serve the prompt goes on where it stopped: its values and
  /// their order are the run's, as in a script, where nothing pauses it.
  func testAPausedBackgroundRunEndsWithTheValuesItWouldHaveHadUnpaused() throws {
    let statement =
      "range(0, 1000000) | merge (range(5, 1000000)) | scan 0 {(acc * 31 + .) % 1000000007} | last"
    let script = try PipeProcess.run(["-e", statement], timeout: 120)
    XCTAssertEqual(script.stdout, "745727430\n", script.stderr)
    let pane = try Tmux.start(test: self, home: try TemporaryFolder.home(for: self))
    try pane.type(statement + " &", enter: true)
    try pane.waitFor("the prompt back") { $0.hasSuffix("[1] started\npipe>") }
    try pane.type("just 7", enter: true)
    let screen = try pane.waitFor("the job done", timeout: 120) { $0.contains("[1] done") }
    XCTAssertTrue(screen.contains("just 7\n7\n"), screen)
    XCTAssertTrue(screen.contains("745727430\n[1] done"), screen)
  }

  /// The book's flow: the key is set while the request made without it is still in flight.
  func testUntilSeesAKeySetWhileTheFailingRequestWasInFlight() throws {
    let server = try HeldWeatherServer.start(test: self)
    let pane = try Tmux.start(test: self, home: try TemporaryFolder.home(for: self))
    for line in [
      "set weather.mode live", "set weather.baseURL \"\(server.url)\"", "set weather.requireKey false",
      "set weather.apiKey \"\"",
    ] {
      try pane.type(line, enter: true)
    }
    try pane.waitFor("the settings set") { $0.hasSuffix("set weather.apiKey \"\"\npipe>") }
    try pane.type("weather \"London\" | retryWhen until(weather.apiKey) | map { .city } &", enter: true)
    try pane.waitFor("the job started") { $0.contains("[1] started") }
    try pane.type("set weather.apiKey \"abc\"", enter: true)
    try pane.waitFor("the key set") {
      $0.hasSuffix("set weather.apiKey ••••\npipe>") || $0.hasSuffix("\"abc\"\npipe>")
    }
    try server.release()  // the request made without a key fails only now
    let screen = try pane.waitFor("the job retried with the new key", timeout: 10) { $0.contains("[1] done") }
    XCTAssertTrue(screen.contains("London\n[1] done"), screen)
  }
}
