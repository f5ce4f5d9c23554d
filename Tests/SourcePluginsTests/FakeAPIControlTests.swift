import FakeAPI
import Foundation
import SourceCore
import SourceLive
import WeatherCore
import XCTest

final class FakeAPIControlTests: FakeAPITestCase {
  func testTheStatusShowsThePlansAndTheAttempts() async throws {
    _ = await WeatherService(settings: liveSettings()).fetch(.city("Oslo"), attempt: 1)
    let (status, body) = try await call("GET", "/_control")
    XCTAssertEqual(status, 200)
    XCTAssertEqual(
      body,
      #"{"airquality":{"attempts":0,"faults":""},"requireKey":true,"seed":42,"weather":{"attempts":1,"faults":""}}"#
    )
  }

  func testPostingFaultsChangesThemWhileTheServerRuns() async throws {
    let weather = WeatherService(settings: liveSettings())
    let before = await weather.fetch(.city("Oslo"), attempt: 1)
    XCTAssertNotNil(before.value)
    let (status, body) = try await call("POST", "/_control/faults?weather=503,ok&airquality=rate(0.3)")
    XCTAssertEqual(status, 200)
    XCTAssertTrue(body.contains(#""weather":{"attempts":0,"faults":"503,ok"}"#), body)
    XCTAssertTrue(body.contains(#""faults":"rate(0.3)""#), body)
    assertError(await weather.fetch(.city("Oslo"), attempt: 1), .serverFailure, status: 503)
    let after = await weather.fetch(.city("Oslo"), attempt: 1)
    XCTAssertNotNil(after.value)
    XCTAssertEqual(
      log.all.filter { $0.hasPrefix("control from") },
      ["control from 127.0.0.1: faults airquality=rate(0.3) weather=503,ok"], "the log names the client")
  }

  func testABadPlanIsRejectedAndChangesNothing() async throws {
    let (status, body) = try await call("POST", "/_control/faults?weather=500&airquality=teapot")
    XCTAssertEqual(status, 400)
    XCTAssertTrue(body.contains("unknown fault 'teapot'"), body)
    let (_, state) = try await call("GET", "/_control")
    XCTAssertTrue(state.contains(#""weather":{"attempts":0,"faults":""}"#), state)
    let (unknown, _) = try await call("POST", "/_control/faults?snow=500")
    XCTAssertEqual(unknown, 400)
  }

  func testResetRestartsThePlans() async throws {
    await server.setFaults([.weather: .sequence([.status(500), .ok])])
    let weather = WeatherService(settings: liveSettings())
    assertError(await weather.fetch(.city("Oslo"), attempt: 1), .serverFailure, status: 500)
    let second = await weather.fetch(.city("Oslo"), attempt: 1)
    XCTAssertNotNil(second.value)
    let (status, _) = try await call("POST", "/_control/reset")
    XCTAssertEqual(status, 200)
    assertError(await weather.fetch(.city("Oslo"), attempt: 1), .serverFailure, status: 500)
  }

  func testAnUnknownRouteIsA404ThatListsTheRoutes() async throws {
    let (status, body) = try await call("GET", "/data/3.0/onecall")
    XCTAssertEqual(status, 404)
    XCTAssertTrue(body.contains("GET /data/2.5/weather"), body)
    let get = try await call("GET", "/_control/faults")
    XCTAssertEqual(get.status, 404, "changing faults takes a POST")
  }

  func testUnitsAreHonouredForCurlUsers() async throws {
    let (_, metric) = try await call("GET", "/data/2.5/weather?q=Oslo&appid=k&units=metric")
    let (_, kelvin) = try await call("GET", "/data/2.5/weather?q=Oslo&appid=k")
    let temp = { (body: String) in
      ((try! JSONSerialization.jsonObject(with: Data(body.utf8)) as! [String: Any])["main"] as! [String: Any])[
        "temp"] as! Double
    }
    XCTAssertEqual(temp(kelvin), 273.15, accuracy: 60)
    XCTAssertGreaterThan(temp(kelvin), temp(metric) + 200)
  }
}
