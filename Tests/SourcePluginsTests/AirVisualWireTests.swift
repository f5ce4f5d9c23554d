import AirQualityCore
import Foundation
import SourceCore
import XCTest

final class AirVisualWireTests: XCTestCase {
  private func decode(_ status: Int, _ body: String) -> Result<AirQualityRecord, SourceError> {
    AirVisualWire.decode(HTTPAnswer(status: status, body: Data(body.utf8)))
  }

  private func fail(_ message: String, _ status: Int) -> SourceError? {
    let body = #"{"status": "fail", "data": {"message": "\#(message)"}}"#
    guard case .failure(let error) = decode(status, body) else { return nil }
    return error
  }

  func testEveryFailMessageMapsToItsKind() {
    let expected: [(String, Int, SourceError.Kind)] = [
      ("city_not_found", 400, .cityNotFound), ("incorrect_api_key", 401, .invalidKey),
      ("api_key_expired", 401, .invalidKey), ("call_limit_reached", 429, .rateLimited),
      ("too_many_requests", 429, .rateLimited), ("no_nearest_station", 404, .noStation),
      ("permission_denied", 403, .serverFailure), ("feature_not_available", 403, .serverFailure),
    ]
    for (message, status, kind) in expected {
      XCTAssertEqual(fail(message, status), SourceError(kind, message, status: status), message)
    }
  }

  func testAFailInsideA200KeepsNoStatus() {
    XCTAssertEqual(fail("city_not_found", 200), SourceError(.cityNotFound, "city_not_found"))
  }

  func testASuccessDecodesTheFieldsPipeReadsAndIgnoresTheRest() throws {
    let body = """
      {"status": "success", "data": {"city": "Los Angeles", "state": "California", "country": "USA",
       "location": {"type": "Point", "coordinates": [-118.2417, 34.0669]},
       "current": {"weather": {"ts": "2018-06-10T01:00:00.000Z", "hu": 60, "ic": "01d", "pr": 1012,
        "tp": 25, "wd": 230, "ws": 4.6, "heatIndex": 25},
        "pollution": {"ts": "2018-06-10T00:00:00.000Z", "aqius": 66, "mainus": "o3", "aqicn": 44,
        "maincn": "p1"}}}}
      """
    XCTAssertEqual(
      try decode(200, body).get(),
      AirQualityRecord(city: "Los Angeles", aqi: 66, mainPollutant: "o3", temp: 25, humidity: 60))
  }

  func testBodiesThatAreNotTheServicesJSON() {
    XCTAssertEqual(try? decode(200, "<html>").get(), nil)
    guard case .failure(let garbage) = decode(200, #"{"status": "success", "data": {}}"#) else {
      return XCTFail("a success without data decoded")
    }
    XCTAssertEqual(garbage.kind, .badResponse)
    guard case .failure(let proxy) = decode(502, "<html><body>Bad Gateway</body></html>") else {
      return XCTFail("a proxy's page decoded")
    }
    XCTAssertEqual(proxy, SourceError(.serverFailure, "server failure", status: 502))
  }

  func testAMissingOrMistypedFieldIsNamed() {
    let body = { (pollution: String) in
      """
      {"status": "success", "data": {"city": "Beijing", "state": "Beijing", "country": "China",
       "location": {"type": "Point", "coordinates": [116.4, 39.9]},
       "current": {"weather": {"ts": "x", "hu": 52, "ic": "01d", "pr": 1012, "tp": 14, "wd": 230, "ws": 2},
        "pollution": {\(pollution)}}}}
      """
    }
    let good = #""ts": "x", "aqius": 152, "mainus": "p2", "aqicn": 100, "maincn": "p2""#
    XCTAssertNotNil(try? decode(200, body(good)).get())
    let missing = good.replacingOccurrences(of: #""aqius": 152, "#, with: "")
    XCTAssertEqual(
      decode(200, body(missing)).failure,
      SourceError(.badResponse, "field 'data.current.pollution.aqius' missing"))
    let mistyped = good.replacingOccurrences(of: "152", with: #""152""#)
    XCTAssertEqual(
      decode(200, body(mistyped)).failure,
      SourceError(.badResponse, "'data.current.pollution.aqius' is a string, expected a whole number"))
    XCTAssertEqual(decode(200, #"{"data": {}}"#).failure, SourceError(.badResponse, "field 'status' missing"))
    XCTAssertEqual(
      decode(200, #"{"status": "maybe"}"#).failure,
      SourceError(.badResponse, #"'status' is "maybe", expected "success" or "fail""#))
    XCTAssertEqual(decode(200, "{\"status\": ").failure, .garbage, "not JSON at all")
  }
}

extension Result {
  var failure: Failure? {
    if case .failure(let error) = self { error } else { nil }
  }
}
