import Foundation
import XCTest

/// The live weather client against a misbehaving web server on 127.0.0.1, through the real
/// `pipe` and its weather plugin: what it refuses to read, and the waits a server asks for.
final class LiveLimitsTests: XCTestCase {
  func testAHugeBodyIsCutOffAtOneMebibyteAndTheMemoryStaysBounded() throws {
    let (sandbox, server) = (try Sandbox(self), try UnrulyWeatherServer(test: self))
    let process = try Spawned(
      ["-e", server.live + #"weather "Huge" | show"#], environment: sandbox.environment)
    let watch = ChildMemoryWatch(parent: process.pid, name: "pipe-plugin-weather")
    let run = process.wait(timeout: 60)
    let peakKiB = watch.stop()
    XCTAssertEqual(run.status, 1, run.stdout)
    XCTAssertTrue(
      run.stderr.contains("error: badResponse — response body larger than 1 MiB"), run.stderr)
    XCTAssertGreaterThan(peakKiB, 0, "the plugin was watched")
    XCTAssertLessThan(peakKiB, 64 * 1024, "the plugin's peak memory, KiB, for a 100 MB body")
  }

  func testARedirectLoopIsTooManyRedirects() throws {
    let (sandbox, server) = (try Sandbox(self), try UnrulyWeatherServer(test: self))
    let run = try sandbox.script(server.live + #"weather "Loop" | show"#)
    XCTAssertEqual(run.status, 1, run.stdout)
    XCTAssertTrue(
      run.stderr.contains(
        "error: badResponse — too many redirects (6): a live request follows at most 5 (at weather \"Loop\")"),
      run.stderr)
    XCTAssertEqual(server.requests, Array(repeating: "Loop", count: 6), "the first request and 5 redirects")
  }

  func testAMissingOrMistypedFieldIsNamed() throws {
    let (sandbox, server) = (try Sandbox(self), try UnrulyWeatherServer(test: self))
    let missing = try sandbox.script(server.live + #"weather "Missing" | show"#)
    XCTAssertTrue(
      missing.stderr.contains("error: badResponse — field 'main.temp' missing (at weather \"Missing\")"),
      missing.stderr)
    let mistyped = try sandbox.script(server.live + #"weather "Mistyped" | catch (just .) | show"#)
    XCTAssertTrue(
      mistyped.stdout.contains(#"message: "'main.temp' is a string, expected a number""#), mistyped.stdout)
    XCTAssertEqual(mistyped.status, 0, mistyped.stderr)
  }

  func testALiveRetryAfterMakesTheBackOffWaitLonger() throws {
    let (sandbox, server) = (try Sandbox(self), try UnrulyWeatherServer(test: self))
    let record = try sandbox.script(server.live + #"weather "Limited1" | catch (just .) | show"#)
    XCTAssertTrue(record.stdout.contains("status: 429"), record.stdout)
    XCTAssertTrue(record.stdout.contains("retryAfter: 2"), record.stdout)

    let run = try sandbox.script(
      server.live + #"weather "Limited2" | retryWhen backoff(1, 3, 5, 10) | log"#)
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(
      Timeline(run, of: #"weather "Limited2""#).events.map(\.short).filter { $0.hasSuffix("subscribe") },
      ["0s subscribe", "2s subscribe"], "the retry waits the server's 2 s, not backoff's 1 s: \(run.stdout)")
    XCTAssertEqual(server.requests, ["Limited1", "Limited2", "Limited2"])

    let dated = try sandbox.script(
      server.live + #"weather "Dated" | catch (just .) | map { .retryAfter } | show"#)
    let seconds = try XCTUnwrap(
      Double(dated.stdout.trimmingCharacters(in: .whitespacesAndNewlines)), dated.stdout)
    XCTAssertTrue((1.5...3.5).contains(seconds), "an HTTP date 3 s ahead: \(seconds)")
  }

  func testRetryAfterOffKeepsTheStrategysOwnWaits() throws {
    let (sandbox, server) = (try Sandbox(self), try UnrulyWeatherServer(test: self))
    let run = try sandbox.script(
      server.live + "set retryAfter off\n" + #"weather "Limited3" | retryWhen backoff(1, 3, 5, 10) | log"#)
    XCTAssertEqual(
      Timeline(run, of: #"weather "Limited3""#).events.map(\.short).filter { $0.hasSuffix("subscribe") },
      ["0s subscribe", "1s subscribe"], run.stdout + run.stderr)
  }
}
