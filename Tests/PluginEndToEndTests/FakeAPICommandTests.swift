import Foundation
import PipeProcessSupport
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `pipe fake-api` as a teacher runs it, and `pipe` in live mode against it over real HTTP.
final class FakeAPICommandTests: XCTestCase {
  static let pipeline = #"weather "London" | retryWhen backoff(1, 3, 5, 10) | catch cache"#

  func testLiveWeatherAgainstTheFakeAPIWithFaultsSwitchedByKeysAndHTTP() throws {
    let sandbox = try Sandbox(self)
    let server = try Spawned(["fake-api", "--port", "0"], environment: sandbox.environment)
    XCTAssertTrue(server.waitForOutput("Requests:"), server.stdout + server.stderr)
    let url = try XCTUnwrap(server.stdout.firstMatch(of: /http:\/\/127\.0\.0\.1:\d+/)).output
    XCTAssertTrue(server.stdout.contains(#"set weather.mode live; set weather.baseURL "\#(url)""#))
    let live = "set weather.mode live; set weather.baseURL \"\(url)\"\n"

    let healthy = try sandbox.script(live + Self.pipeline + " | show")
    XCTAssertEqual(healthy.status, 0, healthy.stderr)
    XCTAssertTrue(healthy.stdout.hasPrefix(#"{city: "London""#), healthy.stdout)
    XCTAssertTrue(server.waitForOutput("→ 200 (weather attempt 1, fault ok)"), server.stdout)

    server.send("1")
    XCTAssertTrue(server.waitForOutput("faults: weather 500,500,ok"), server.stdout)
    let flaky = try sandbox.script(live + Self.pipeline + " | log")
    XCTAssertEqual(
      Timeline(flaky, of: #"weather "London""#).events.map(\.short).filter { !$0.hasSuffix("subscribe") },
      ["0s error", "0s dispose", "1s error", "1s dispose", "4s next", "4s completed", "4s dispose"],
      flaky.stdout)
    XCTAssertTrue(server.waitForOutput("→ 500 (weather attempt", count: 2), server.stdout)
    XCTAssertTrue(server.waitForOutput("→ 200 (weather attempt 3, fault ok)"), server.stdout)
    let fresh = try XCTUnwrap(
      flaky.stdoutLines.first { $0.contains(" catch cache ") && $0.contains(" next ") })

    try post("\(url)/_control/faults?weather=503")
    let down = try sandbox.script(live + Self.pipeline + " | show")
    XCTAssertEqual(down.status, 0, down.stderr)
    XCTAssertTrue(
      fresh.hasSuffix(down.stdout.trimmingCharacters(in: .newlines)), "the cached value: \(down.stdout)")
    XCTAssertTrue(server.waitForOutput("→ 503", count: 5), "one request and four retries: \(server.stdout)")

    XCTAssertTrue(server.stdout.contains("appid=••••"))
    XCTAssertFalse(server.stdout.contains("appid=demo"), "the key is never logged")
    server.signal(SIGINT)
    let end = server.wait(timeout: 10)
    XCTAssertFalse(end.signaled)
    XCTAssertEqual(end.status, 0)
    XCTAssertTrue(end.stdout.hasSuffix("fake-api: stopped\n"), end.stdout)
  }

  func testKeysThatAreNotInTheMenuAndQuit() throws {
    let server = try Spawned(["fake-api", "--port", "0"], environment: try Sandbox(self).environment)
    XCTAssertTrue(server.waitForOutput("Requests:"))
    server.send("x?s")
    XCTAssertTrue(server.waitForOutput("unknown key 'x': press ? for the keys"), server.stdout)
    XCTAssertTrue(server.waitForOutput("q  quit (Ctrl-C too)", count: 2), server.stdout)
    XCTAssertTrue(
      server.waitForOutput("weather     faults none, 0 request(s) since they were set"), server.stdout)
    server.send("q")
    let end = server.wait(timeout: 10)
    XCTAssertEqual(end.status, 0)
  }

  func testABadFaultPlanIsAUsageError() throws {
    let run = try Sandbox(self).run(["fake-api", "--port", "0", "--weather-faults", "500,sometimes"])
    XCTAssertEqual(run.status, 64, "EX_USAGE")
    XCTAssertTrue(run.stderr.contains("unknown fault 'sometimes'"), run.stderr)
  }

  func testTheHelpExplainsItForATeacher() throws {
    let help = try Sandbox(self).run(["fake-api", "--help"]).stdout
    for phrase in ["set weather.mode live", "--weather-faults", "500,500,ok", "/_control/faults", "Ctrl-C"] {
      XCTAssertTrue(help.contains(phrase), phrase)
    }
  }

  func testTheStandaloneServerPrintsItsHelpInsteadOfServing() throws {
    let environment = try Sandbox(self).environment
    let help = try Spawned(["--help"], environment: environment, executable: Products.fakeAPI).wait(
      timeout: 10)
    XCTAssertFalse(help.signaled, "it served instead: \(help.stdout)")
    XCTAssertEqual(help.status, 0)
    XCTAssertTrue(help.stdout.hasPrefix("usage: pipe-fake-api [PORT] [WEATHER-FAULTS] [AIRQUALITY-FAULTS]\n"))
    XCTAssertFalse(help.stdout.contains("listening"), help.stdout)

    let option = try Spawned(["--port", "0"], environment: environment, executable: Products.fakeAPI)
      .wait(timeout: 10)
    XCTAssertEqual(option.status, 64, "EX_USAGE, as pipe fake-api: \(option.stdout)")
    XCTAssertTrue(option.stderr.hasPrefix("pipe-fake-api: unknown option '--port'\nusage: "), option.stderr)
  }

  /// A SIGTERM just after clients connected stops the server cleanly. Before, stopping
  /// cancelled the server, which dropped a connection accepted but not yet handed to its
  /// handler, and NIO trapped on that ("Deinited NIOAsyncWriter without calling finish()"):
  /// `pipe fake-api` crashed with a backtrace instead of saying it stopped.
  func testSIGTERMRightAfterClientsConnectedStopsCleanly() throws {
    let sandbox = try Sandbox(self)
    for round in 1...8 {
      let server = try Spawned(["fake-api", "--port", "0"], environment: sandbox.environment)
      XCTAssertTrue(server.waitForOutput("Requests:"), server.stdout + server.stderr)
      let port = try XCTUnwrap(
        UInt16(XCTUnwrap(server.stdout.firstMatch(of: /http:\/\/127\.0\.0\.1:(\d+)/)).output.1))
      let clients = try (0..<20).map { _ in try RawHTTPConnection(port: port) }
      server.signal(SIGTERM)
      let end = server.wait(timeout: 30)
      XCTAssertFalse(end.signaled, "round \(round): \(end.stderr)")
      XCTAssertEqual(end.status, 0, "round \(round): \(end.stderr)")
      XCTAssertFalse(end.stderr.contains("Fatal error"), "round \(round): \(end.stderr)")
      XCTAssertTrue(end.stdout.hasSuffix("fake-api: stopped\n"), "round \(round): \(end.stdout)")
      withExtendedLifetime(clients) {}
    }
  }

  private func post(_ address: String) throws {
    var request = URLRequest(url: try XCTUnwrap(URL(string: address)))
    request.httpMethod = "POST"
    let done = expectation(description: "POST \(address)")
    URLSession(configuration: .ephemeral).dataTask(with: request) { _, response, _ in
      XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 200)
      done.fulfill()
    }.resume()
    wait(for: [done], timeout: 10)
  }
}
