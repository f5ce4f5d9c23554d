import FakeAPI
import Foundation
import SourceCore
import SourceLive
import WeatherCore
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `Retry-After` from a header, a fault plan, the simulator and the fake API.
final class RetryAfterTests: FakeAPITestCase {
  func testTheHeaderIsSecondsOrAnHTTPDate() {
    XCTAssertEqual(RetryAfter.milliseconds("7"), 7000)
    XCTAssertEqual(RetryAfter.milliseconds(" 0 "), 0)
    XCTAssertEqual(RetryAfter.milliseconds("99999999999999999999"), 86_400_000, "cut to a day")
    let now = Date(timeIntervalSince1970: 1_795_644_000)  // Wed, 25 Nov 2026 22:00:00 GMT
    XCTAssertEqual(RetryAfter.milliseconds("Wed, 25 Nov 2026 22:00:10 GMT", now: now), 10_000)
    XCTAssertEqual(RetryAfter.milliseconds("Wed, 25 Nov 2026 21:00:00 GMT", now: now), 0, "a date past")
    for junk in ["", "soon", "-3", "1.5", "٣"] {
      XCTAssertNil(RetryAfter.milliseconds(junk), junk)
    }
  }

  func testASimulatedFaultSendsItsRetryAfter() {
    let limited = WeatherService { $0.faults = .sequence([.status(429, retryAfter: 7)]) }
      .simulate(.city("London"), attempt: 1)
    XCTAssertEqual(limited.error?.kind, .rateLimited)
    XCTAssertEqual(limited.error?.retryAfterMs, 7000)
    let plain = WeatherService { $0.faults = .sequence([.status(429)]) }.simulate(.city("London"), attempt: 1)
    XCTAssertNil(plain.error?.retryAfterMs, "the simulator says no Retry-After unless the plan does")
  }

  func testTheFakeAPIs429And503SendRetryAfter() async throws {
    for (plan, expected) in [("429", "1"), ("503", "1"), ("429@7s", "7"), ("503@2", "2")] {
      await server.setFaults([.weather: try FaultPlan(parsing: plan)])
      let header = try await retryAfterHeader("/data/2.5/weather?q=London&appid=\(Self.key)")
      XCTAssertEqual(header, expected, plan)
    }
    await server.setFaults([.weather: .sequence([.status(500)])])
    let none = try await retryAfterHeader("/data/2.5/weather?q=London&appid=\(Self.key)")
    XCTAssertNil(none, "a 500 says nothing of when to come back")
    XCTAssertTrue(log.all.contains { $0.contains("→ 429, Retry-After: 7 (weather attempt") }, "\(log.all)")
  }

  func testTheLiveClientCarriesTheFakeAPIsRetryAfter() async {
    await server.setFaults([.weather: .sequence([.status(429, retryAfter: 7)])])
    let reply = await WeatherService(settings: liveSettings()).fetch(.city("London"), attempt: 1)
    XCTAssertEqual(reply.error?.kind, .rateLimited)
    XCTAssertEqual(reply.error?.retryAfterMs, 7000)
  }

  private func retryAfterHeader(_ path: String) async throws -> String? {
    let request = URLRequest(url: URL(string: baseURL + path)!)
    let (_, response) = try await URLSession(configuration: .ephemeral).data(for: request)
    return (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Retry-After")
  }
}
