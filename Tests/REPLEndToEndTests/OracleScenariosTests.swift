import Foundation
import PipeProcessSupport
import XCTest

/// Issue 17.7 through the real `pipe check`: a learner's script that writes each scenario
/// of the RxSwift oracle that needs more than one pipeline, every `expect` as RxSwift 6.10.2
/// recorded it.
final class OracleScenariosTests: XCTestCase {
  let key = "sk-oracle-0123456789"

  var script: String {
    """
    # Two observers of one shared stream: A from 0, B from 15 ms. Background statements
    # that follow one another start together and share their let names.
    let s = cold "10ms a 9ms #" | share | retry 2
    s | expect "10ms a 19ms a 9ms #" &
    timer 15ms | flatMap (s) | expect "30ms a 9ms #" &

    # Without share, B has attempts of its own.
    let c = cold "10ms a 9ms #" | retry 2
    c | expect "10ms a 19ms a 9ms #" &
    timer 15ms | flatMap (c) | expect "25ms a 19ms a 9ms #" &

    # A handler typed to serverFailure: a timeout passes without being retried.
    cold "5ms #" ["#": timeout] | retryWhen (errors | catch (just 1)) on serverFailure | expect "5ms #" ["#": timeout]

    # The book's wait for the key: state read anew on each subscription.
    set weather.apiKey ""
    current(weather.apiKey) | throwIf { . == "" } invalidKey | delay 100ms | retryWhen until(weather.apiKey)
      | expect "150ms (k|)" [k: "••••"] &
    timer 50ms | discard
    set weather.apiKey "\(key)"
    current(weather.apiKey) | show

    """
  }

  func testEveryScenarioPassesAndTheKeyIsNeverShown() throws {
    let folder = try TemporaryFolder.home(for: self)
    let path = folder + "/oracle.pipe"
    try script.write(toFile: path, atomically: true, encoding: .utf8)
    let result = try PipeProcess.run(["check", path])
    XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
    XCTAssertTrue(result.stdout.contains("6 passed, 0 failed"), result.stdout)
    XCTAssertFalse((result.stdout + result.stderr).contains(key), result.stdout + result.stderr)
  }
}
