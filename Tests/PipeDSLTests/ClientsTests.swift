import PipeDSL
import XCTest

/// `clients N (PIPELINE)`: N copies on one virtual clock against one shared simulated
/// service, in process, ending with one summary record.
final class ClientsTests: XCTestCase {
  private func run(_ text: String, faults: String? = nil) -> (report: ExecutionReport, output: BufferedOutput)
  {
    let output = BufferedOutput()
    let settings = Settings()
    if let faults {
      settings.define(.init(key: "weather.faults", defaultValue: "", doc: "the simulator's faults"))
      settings.set("weather.faults", .string(faults))
    }
    let session = Session.make(output: output, settings: settings)
    let report = session.execute(SourceFile(name: "t.pipe", text: text))
    return (report, output)
  }

  /// The summary's fields as shown, from its one line `{requests: 10, …, failures: {…}, …}`.
  private func summary(_ text: String, faults: String? = nil) -> [String: String] {
    let (report, output) = run(text, faults: faults)
    XCTAssertEqual(report.diagnostics, [])
    XCTAssertEqual(output.lines.count, 1, "\(output.lines) \(output.errorLines)")
    let line = output.lines.first ?? ""
    let pattern = /(\w+): (\{[^}]*\}|[^,}]+)/
    var fields: [String: String] = [:]
    for match in line.dropFirst().matches(of: pattern) { fields[String(match.1)] = String(match.2) }
    return fields
  }

  private func number(_ fields: [String: String], _ key: String) -> Double {
    Double(fields[key] ?? "") ?? .nan
  }

  func testEveryCopyReachesTheServiceOnceWhenNothingFails() {
    let result = summary(#"clients 100 (weather "London")"#)
    XCTAssertEqual(result["requests"], "100")
    XCTAssertEqual(result["attempts"], "100")
    XCTAssertEqual(result["amplification"], "1.0")
    XCTAssertEqual(result["successes"], "100")
    XCTAssertEqual(result["failures"], "{}")
    // Every copy waits one simulated round trip, 200-400 ms.
    let (p50, p99) = (number(result, "p50"), number(result, "p99"))
    XCTAssertTrue((200...400).contains(p50) && (p50...400).contains(p99), "\(result)")
    // All start together: the hundred attempts fall in the first second.
    XCTAssertEqual(result["peak"], "100")
  }

  func testAnOutageMakesEveryRetryReachTheService() {
    // Three tries of at most 400 ms each end inside a 10 s outage: three attempts a copy.
    let result = summary(#"clients 50 (weather "London" | retry 3) outage 10s"#)
    XCTAssertEqual(result["attempts"], "150")
    XCTAssertEqual(result["amplification"], "3.0")
    XCTAssertEqual(result["successes"], "0")
    XCTAssertEqual(result["failures"], "{serverFailure: 50}")
  }

  func testTheServiceRefusesWhatIsBeyondItsCapacityInOneSecond() {
    let result = summary(#"clients 10 (weather "London") capacity 4"#)
    XCTAssertEqual(result["successes"], "4")
    XCTAssertEqual(result["failures"], "{serverFailure: 6}")
  }

  func testARefusalForCapacityCarriesARetryAfterThatABackOffHonours() {
    // Both start at 0 s; the second is refused with Retry-After 1 s, so its retry waits a
    // second (not 10 ms) and lands in the next second, under capacity again.
    let result = summary(#"clients 2 (weather "London" | retryWhen constant(10ms, times: 3)) capacity 1"#)
    XCTAssertEqual(result["attempts"], "3")
    XCTAssertEqual(result["successes"], "2")
    XCTAssertGreaterThanOrEqual(number(result, "p99"), 1200, "\(result)")
  }

  func testEachCopyWalksTheFaultPlanOnItsOwn() {
    // "500,ok": every copy's first attempt fails and its second succeeds.
    let result = summary(#"clients 20 (weather "London" | retry 2)"#, faults: "500,ok")
    XCTAssertEqual(result["attempts"], "40")
    XCTAssertEqual(result["successes"], "20")
  }

  func testStartsSpreadOverTheWindowLowerThePeak() {
    let together = summary(#"clients 200 (weather "London")"#)
    let spread = summary(#"clients 200 (weather "London") over 10s"#)
    XCTAssertEqual(together["peak"], "200")
    let peak = number(spread, "peak")
    XCTAssertLessThan(peak, 60, "200 starts over 10 s: about 20 a second")
    XCTAssertEqual(spread["attempts"], "200")
  }

  func testTheSameSeedGivesTheSameSummary() {
    let text =
      #"clients 300 (weather "London" | retryWhen exponential(1s, times: 4, jitter: full)) over 2s outage 5s"#
    let first = summary(text + " seed 7")
    XCTAssertEqual(first["requests"], "300")
    XCTAssertEqual(summary(text + " seed 7"), first)
    XCTAssertNotEqual(summary(text + " seed 8"), first)
  }

  func testTooManyClientsIsRefusedWithTheLimit() {
    let (report, _) = run(#"clients 100001 (weather "London")"#)
    XCTAssertEqual(report.diagnostics.map(\.id.rawValue), ["numberTooLarge"])
  }
}

extension ClientsTests {
  func testEachCopyJittersWithItsOwnSeed() {
    // Every copy fails at once (the outage); drawn from one seed their full-jitter waits would
    // be the same and all hundred retries would land in one second.
    let result = summary(
      #"clients 100 (weather "London" | retryWhen exponential(2s, times: 1, jitter: full)) outage 10s"#)
    XCTAssertEqual(result["attempts"], "200")
    XCTAssertLessThan(number(result, "retryPeak"), 80, "\(result)")
  }
}
