import Foundation
import XCTest

/// The built-in plugins' simulators, driven by the language's settings, through `pipe`.
final class SimulatorScriptTests: XCTestCase {
  func testAnUnknownCityIsCityNotFound() throws {
    let run = try Sandbox(self).script(#"weather "xyzzy" | show"#)
    XCTAssertTrue(run.stderr.contains("error: cityNotFound — city not found"), run.stderr)
    XCTAssertEqual(run.status, 1)
  }

  func testFaultsPerAttemptAreOutlastedByRetry() throws {
    let run = try Sandbox(self).script(
      """
      set weather.faults "500,500,ok"
      weather "London" | retry 3 | expect attempts 3
      weather "London" | retry 3 | show
      """)
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(run.stdoutLines.count, 1)
    XCTAssertTrue(run.stdout.hasPrefix(#"{city: "London""#), run.stdout)
    let short = try Sandbox(self).script(
      """
      set weather.faults "500,500,ok"
      weather "London" | retry 2 | expect attempts 3
      """)
    XCTAssertEqual(short.status, 1, "two attempts meet two 500s")
    XCTAssertTrue(short.stderr.contains("attempts"), short.stderr)
  }

  func testTheNetworkSwitchedOffIsOffline() throws {
    let run = try Sandbox(self).script("set network off\nweather \"London\" | show")
    XCTAssertTrue(run.stderr.contains("error: offline — the network is off"), run.stderr)
    XCTAssertEqual(run.status, 1)
  }

  func testAnEmptyKeyIsInvalidKey() throws {
    let run = try Sandbox(self).script("set weather.apiKey \"\"\nweather \"London\" | show")
    XCTAssertTrue(run.stderr.contains("error: invalidKey — Invalid API key"), run.stderr)
    XCTAssertEqual(run.status, 1)
  }

  func testRandomDrawsAnewOnEveryAttemptAndTheSameOnEveryRun() throws {
    let script = "random(1, 1000000) | throwIf { true } again | retry 3 | log"
    let sandbox = try Sandbox(self)
    let draws = try Timeline(sandbox.script(script), of: "random(1, 1000000)").events.filter {
      $0.kind == "next"
    }
    .map(\.value)
    XCTAssertEqual(draws.count, 3)
    XCTAssertEqual(Set(draws).count, 3, "\(draws)")
    let again = try Timeline(sandbox.script(script), of: "random(1, 1000000)").events.filter {
      $0.kind == "next"
    }
    .map(\.value)
    XCTAssertEqual(again, draws)
  }
}
