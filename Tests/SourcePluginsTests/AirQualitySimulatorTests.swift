import AirQualityCore
import SourceCore
import XCTest

final class AirQualitySimulatorTests: XCTestCase {
  func testACityGivesItsReadingTheSameWayOnEveryRun() {
    let reply = AirQualityService().simulate(.city("Beijing"), attempt: 1)
    XCTAssertEqual(reply, AirQualityService().simulate(.city("beijing"), attempt: 1))
    let record = try! reply.result.get()
    XCTAssertEqual(record.city, "Beijing")
    XCTAssertEqual(record.mainPollutant, "pm2.5")
    XCTAssertTrue((122...182).contains(record.aqi), "\(record.aqi) is Beijing's 152 ± 20%")
    XCTAssertTrue((200...400).contains(reply.afterMs))
    XCTAssertNotEqual(record, AirQualityService().simulate(.city("Beijing"), attempt: 2).value)
    XCTAssertNotEqual(record, AirQualityService { $0.seed = 1 }.simulate(.city("Beijing"), attempt: 1).value)
  }

  func testACityIsFoundByItsNameOrItsAirVisualTriple() {
    XCTAssertEqual(AirQualityService().simulate(.city("New York"), attempt: 1).value?.city, "New York City")
    let spelled = AirQualityService().simulate(.city("Barcelona, Catalonia, Spain"), attempt: 1)
    XCTAssertEqual(spelled.value?.city, "Barcelona")
  }

  func testAnUnknownNameFailsAtOnceAndAnUnknownTripleAsTheServiceDoes() {
    let unknown = AirQualityService().simulate(.city("xyzzy"), attempt: 1)
    assertError(unknown, .cityNotFound)
    XCTAssertEqual(unknown.afterMs, 0, "no request was made")
    let triple = AirQualityService().simulate(.city("Atlantis, Sea, Ocean"), attempt: 1)
    XCTAssertEqual(assertError(triple, .cityNotFound, status: 400)?.message, "city_not_found")
  }

  func testNearestIsTheHomeCityAndAPointFarFromAnyCityHasNoStation() {
    XCTAssertEqual(AirQualityService().simulate(.nearest, attempt: 1).value?.city, AirVisualSimulator.home)
    XCTAssertEqual(
      AirQualityService().simulate(.coordinates(lat: 35.7, lon: 139.7), attempt: 1).value?.city, "Tokyo")
    let sea = AirQualityService().simulate(.coordinates(lat: 0, lon: -30), attempt: 1)
    XCTAssertEqual(assertError(sea, .noStation, status: 404)?.message, "no_nearest_station")
  }

  func testEveryFaultWordMapsToItsKind() {
    let expected: [(String, SourceError.Kind, Int?)] = [
      ("401", .invalidKey, 401), ("404", .cityNotFound, 400), ("429", .rateLimited, 429),
      ("500", .serverFailure, 500), ("503", .serverFailure, 503), ("403", .serverFailure, 403),
      ("timeout", .timeout, nil), ("offline", .offline, nil), ("garbage", .badResponse, nil),
    ]
    for (word, kind, status) in expected {
      let reply = AirQualityService { $0.faults = plan(word) }.simulate(.city("Paris"), attempt: 1)
      assertError(reply, kind, status: status)
    }
    let nearest = AirQualityService { $0.faults = plan("404") }.simulate(.nearest, attempt: 1)
    assertError(nearest, .noStation, status: 404)
  }

  func testNetworkOffAndAnEmptyKey() {
    assertError(AirQualityService { $0.network = false }.simulate(.nearest, attempt: 1), .offline)
    let keyless = AirQualityService { $0.apiKey = "" }.simulate(.nearest, attempt: 1)
    XCTAssertEqual(assertError(keyless, .invalidKey, status: 401)?.message, "incorrect_api_key")
    XCTAssertNotNil(
      AirQualityService {
        $0.apiKey = ""
        $0.requireKey = false
      }.simulate(.nearest, attempt: 1).value)
  }

  func testASequenceFailsTheFirstAttemptsThenSucceeds() {
    let service = AirQualityService { $0.faults = plan("429,ok") }
    assertError(service.simulate(.city("Oslo"), attempt: 1), .rateLimited, status: 429)
    XCTAssertEqual(service.simulate(.city("Oslo"), attempt: 2).value?.city, "Oslo")
  }
}
