import FakeAPI
import SourceCore
import SourceLive
import WeatherCore
import XCTest

final class LiveWeatherTests: FakeAPITestCase {
  private func fetch(_ city: String = "London", _ change: (inout ServiceSettings) -> Void = { _ in }) async
    -> SourceReply<WeatherRecord>
  {
    await WeatherService(settings: liveSettings(change)).fetch(.city(city), attempt: 1)
  }

  func testALiveAnswerIsTheSimulatorsRecordOverRealHTTP() async {
    let live = await fetch()
    XCTAssertEqual(live.value, WeatherService().simulate(.city("London"), attempt: 1).value)
    XCTAssertNotNil(live.value)
    XCTAssertEqual(live.afterMs, 0, "a live answer's latency has already happened")
    let point = await WeatherService(settings: liveSettings()).fetch(
      .coordinates(lat: 48.85, lon: 2.35), attempt: 1)
    XCTAssertEqual(point.value?.city, "Paris")
  }

  func testEveryStatusMapsToItsKind() async {
    for (status, kind) in [
      (401, .invalidKey), (404, .cityNotFound), (429, .rateLimited), (500, .serverFailure),
      (503, .serverFailure),
    ] as [(Int, SourceError.Kind)] {
      await server.setFaults([.weather: .sequence([.status(status)])])
      let error = assertError(await fetch(), kind, status: status)
      let simulated = WeatherService { $0.faults = .sequence([.status(status)]) }.simulate(
        .city("London"), attempt: 1)
      XCTAssertEqual(
        error?.retryAfterMs, [429, 503].contains(status) ? 1000 : nil,
        "the fake API's Retry-After on \(status)")
      var withoutRetryAfter = error
      withoutRetryAfter?.retryAfterMs = nil
      XCTAssertEqual(withoutRetryAfter, simulated.error, "sim and live agree on \(status)")
    }
  }

  func testAnUnknownCityIsCityNotFound() async {
    let reply = await fetch("xyzzy")
    XCTAssertEqual(assertError(reply, .cityNotFound, status: 404)?.message, "city not found")
  }

  func testASequenceOfFaultsPlaysOutOverSuccessiveRequests() async {
    await server.setFaults([.weather: .sequence([.status(500), .status(500), .ok])])
    var outcomes: [String] = []
    for _ in 1...4 { outcomes.append((await fetch()).error.map { "\($0.status!)" } ?? "ok") }
    XCTAssertEqual(outcomes, ["500", "500", "ok", "ok"])
  }

  func testMalformedJSONIsBadResponse() async {
    await server.setFaults([.weather: .sequence([.garbage])])
    assertError(await fetch(), .badResponse)
  }

  func testADroppedConnectionIsOffline() async {
    await server.setFaults([.weather: .sequence([.offline])])
    assertError(await fetch(), .offline)
  }

  func testAnAnswerSlowerThanTheClientsTimeoutIsTimeout() async {
    await server.setFaults([.weather: .sequence([.timeout])])
    let start = Date()
    let error = assertError(await fetch { $0.timeoutSeconds = 0.3 }, .timeout)
    XCTAssertEqual(error?.message, "no answer within 300 ms")
    let waited = Date().timeIntervalSince(start)
    XCTAssertGreaterThan(waited, 0.25, "the client waited for its timeout")
    XCTAssertLessThan(waited, 1.2, "the client gave up after its timeout, not URLSession's backstop")
  }

  func testARefusedPortIsOffline() async throws {
    let port = try await closedPort()
    let error = assertError(await fetch { $0.baseURL = "http://127.0.0.1:\(port)" }, .offline)
    XCTAssertEqual(error?.message, "cannot connect to the host")
  }

  func testTheKeyIsSentButNeverLoggedNorEchoed() async {
    _ = await fetch()
    await server.setFaults([.weather: .sequence([.status(401)])])
    let error = await fetch().error
    XCTAssertEqual(log.all.count, 2)
    XCTAssertTrue(log.all.allSatisfy { $0.contains("appid=••••") && !$0.contains(Self.key) }, "\(log.all)")
    XCTAssertFalse(error!.message.contains(Self.key))
    let refused = await fetch { $0.baseURL = "http://127.0.0.1:1" }.error
    XCTAssertFalse(refused!.message.contains(Self.key))
  }

  func testNoRequestIsSentWithoutANetworkOrAKey() async {
    assertError(await fetch { $0.network = false }, .offline)
    assertError(await fetch { $0.apiKey = "" }, .invalidKey, status: 401)
    XCTAssertEqual(log.all, [])
  }

  func testABaseURLThatIsNotHTTPIsAnInvalidSetting() async {
    assertError(await fetch { $0.baseURL = "ftp://127.0.0.1" }, .invalidSetting)
    assertError(await fetch { $0.baseURL = "not a url" }, .invalidSetting)
  }
}
