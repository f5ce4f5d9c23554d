import XCTest

/// A simulated 429 with `Retry-After` (`weather.faults "429@7s,ok"`) through the real `pipe`:
/// back-off strategies wait at least what the service asked, unless `retryAfter` is off.
final class RetryAfterScriptTests: XCTestCase {
  static let pipeline = #"weather "London" | retryWhen backoff(1, 3, 5, 10) | map { .city }"#

  func testABackOffWaitsTheRetryAfterOnTheVirtualClock() throws {
    let run = try Sandbox(self).script(
      #"set weather.faults "429@7s,ok"; "# + Self.pipeline + #" | expect "7474ms (l|)" [l: "London"]"#)
    XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
    XCTAssertFalse(run.stderr.contains("expectation failed"), run.stderr)
  }

  func testRetryAfterOffKeepsTheBackOffsOwnWait() throws {
    let run = try Sandbox(self).script(
      #"set retryAfter off; set weather.faults "429@7s,ok"; "# + Self.pipeline
        + #" | expect "1474ms (l|)" [l: "London"]"#)
    XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
  }

  func testALongerBackOffWaitIsKept() throws {
    let run = try Sandbox(self).script(
      #"set weather.faults "429@2s,ok"; weather "London" | retryWhen constant(5s, times: 1) | map { .city }"#
        + #" | expect "5474ms (l|)" [l: "London"]"#)
    XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
  }

  func testTheErrorRecordCarriesRetryAfterInSeconds() throws {
    let run = try Sandbox(self).script(
      #"set weather.faults "429@7s"; weather "London" | catch (just .) | map { [.status, .retryAfter] }"#)
    XCTAssertEqual(run.stdout, "[429, 7]\n", run.stderr)
  }
}
