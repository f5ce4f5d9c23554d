import AirQualityCore
import FakeAPI
import SourceCore
import SourceLive
import XCTest

final class LiveAirQualityTests: FakeAPITestCase {
  private func fetch(_ query: AirQualityQuery = .city("Beijing")) async -> SourceReply<AirQualityRecord> {
    await AirQualityService(settings: liveSettings()).fetch(query, attempt: 1)
  }

  func testALiveAnswerIsTheSimulatorsReadingOverRealHTTP() async {
    let live = await fetch()
    XCTAssertNotNil(live.value)
    XCTAssertEqual(live.value, AirQualityService().simulate(.city("Beijing"), attempt: 1).value)
    let nearest = await fetch(.nearest)
    XCTAssertEqual(nearest.value?.city, AirVisualSimulator.home)
    let point = await fetch(.coordinates(lat: 40.4, lon: -3.7))
    XCTAssertEqual(point.value?.city, "Madrid")
  }

  func testTheServicesFailMessagesMapToTheirKinds() async {
    let unknown = assertError(await fetch(.city("Atlantis, Sea, Ocean")), .cityNotFound, status: 400)
    XCTAssertEqual(unknown?.message, "city_not_found")
    assertError(await fetch(.coordinates(lat: 0, lon: -30)), .noStation, status: 404)
    let cases: [(Int, SourceError.Kind, String)] = [
      (401, .invalidKey, "incorrect_api_key"), (429, .rateLimited, "call_limit_reached"),
      (403, .serverFailure, "permission_denied"),
    ]
    for (status, kind, message) in cases {
      await server.setFaults([.airquality: .sequence([.status(status)])])
      let reply = await fetch()
      XCTAssertEqual(assertError(reply, kind, status: status)?.message, message)
    }
  }

  func testAServerErrorPageIsServerFailure() async {
    await server.setFaults([.airquality: .sequence([.status(503)])])
    assertError(await fetch(), .serverFailure, status: 503)
  }

  func testTheKeyIsRedactedInTheLog() async {
    _ = await fetch()
    XCTAssertEqual(log.all.count, 1)
    XCTAssertTrue(log.all[0].contains("key=••••") && !log.all[0].contains(Self.key), log.all[0])
    XCTAssertTrue(log.all[0].contains("/v2/city?city=Beijing&state=Beijing&country=China"), log.all[0])
  }
}
