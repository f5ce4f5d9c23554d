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
