import SourceCore
import SourceLive
import WeatherCore
import XCTest

final class WeatherSimulatorTests: XCTestCase {
  func testTheTableHasThirtyRealCitiesWithTheOnesTheExamplesUse() {
    XCTAssertGreaterThanOrEqual(WorldCities.all.count, 30)
    for name in ["London", "New York", "Amsterdam", "Barcelona", "Paris", "Oslo", "Beijing", "Tokyo"] {
      XCTAssertEqual(WorldCities.find(name)?.name, name)
    }
    XCTAssertEqual(Set(WorldCities.all.map(\.name)).count, WorldCities.all.count, "names are unique")
  }

  func testACityGivesItsRecordTheSameWayOnEveryRun() {
    let first = WeatherService().simulate(.city("London"), attempt: 1)
    let again = WeatherService().simulate(.city("London"), attempt: 1)
    XCTAssertEqual(first, again)
    let record = try! first.result.get()
    XCTAssertEqual(record.city, "London")
    XCTAssertTrue((8...16).contains(record.temp), "\(record.temp) °C is London's 12 ± 4")
    XCTAssertTrue(Skies.maritime.descriptions.contains(record.description))
    XCTAssertTrue((200...400).contains(first.afterMs), "latency \(first.afterMs) ms")
    XCTAssertTrue(record.observedAtText.hasPrefix("2024-06-01T11:"), record.observedAtText)
  }

  func testAnotherSeedOrAttemptVariesTheRecord() {
    let base = WeatherService().simulate(.city("Oslo"), attempt: 1).value
    let reseeded = WeatherService { $0.seed = 7 }.simulate(.city("Oslo"), attempt: 1).value
    let retried = WeatherService().simulate(.city("Oslo"), attempt: 2).value
    XCTAssertNotEqual(base, reseeded)
    XCTAssertNotEqual(base, retried)
    XCTAssertEqual(retried?.city, "Oslo")
  }

  func testNamesMatchWithoutCaseOrAccentsAndWithACountryCode() {
    for name in ["london", "  LONDON ", "London,GB", "london, gb"] {
      let reply = WeatherService().simulate(.city(name), attempt: 1)
      XCTAssertEqual(reply.value?.city, "London", name)
    }
    for name in ["São Paulo", "Sao Paulo", "são paulo"] {
      XCTAssertEqual(WeatherService().simulate(.city(name), attempt: 1).value?.city, "São Paulo", name)
    }
    for (local, city) in [("München", "Munich"), ("Москва", "Moscow"), ("北京", "Beijing"), ("東京", "Tokyo")] {
      XCTAssertEqual(WeatherService().simulate(.city(local), attempt: 1).value?.city, city, local)
    }
    assertError(WeatherService().simulate(.city("London,FR"), attempt: 1), .cityNotFound, status: 404)
  }

  func testANameNotInTheTableIsCityNotFoundAsTheLiveAPIsFourOhFour() {
    let reply = WeatherService().simulate(.city("xyzzy"), attempt: 1)
    let error = assertError(reply, .cityNotFound, status: 404)
    XCTAssertEqual(error?.message, "city not found; :help weather lists the cities the simulator knows")
    let near = assertError(WeatherService().simulate(.city("Lodnon"), attempt: 1), .cityNotFound, status: 404)
    XCTAssertEqual(near?.message, "city not found; did you mean London?")
    XCTAssertTrue((200...400).contains(reply.afterMs))
  }

  func testCoordinatesNearACityReportThatCity() {
    let reply = WeatherService().simulate(.coordinates(lat: 51.5, lon: -0.12), attempt: 1)
    XCTAssertEqual(reply.value?.city, "London")
    let sea = WeatherService().simulate(.coordinates(lat: 0, lon: -30), attempt: 1)
    XCTAssertEqual(sea.value?.city, "", "like the live API, a point far from any city has no name")
    assertError(
      WeatherService().simulate(.coordinates(lat: 91, lon: 0), attempt: 1), .badRequest, status: 400)
    assertError(
      WeatherService().simulate(.coordinates(lat: 0, lon: 181), attempt: 1), .badRequest, status: 400)
  }
}

final class WeatherModeTests: XCTestCase {
  func testFetchAsksTheSimulatorInSimMode() async {
    let fetched = await WeatherService().fetch(.city("Tokyo"), attempt: 3)
    XCTAssertEqual(fetched, WeatherService().simulate(.city("Tokyo"), attempt: 3))
  }
}
