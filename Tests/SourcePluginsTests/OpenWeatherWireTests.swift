import Foundation
import SourceCore
import WeatherCore
import XCTest

/// What the weather client says of a 200 that is not the JSON it promised.
final class OpenWeatherWireTests: XCTestCase {
  static let london = """
    {"coord": {"lon": -0.13, "lat": 51.51}, "weather": [{"id": 500, "main": "Rain",
     "description": "light rain", "icon": "10d"}], "main": {"temp": 12.4, "feels_like": 10.1,
     "humidity": 81}, "wind": {"speed": 4.6}, "dt": 1717242720, "sys": {"country": "GB"},
     "name": "London", "cod": 200}
    """

  private func error(_ body: String) -> SourceError? {
    guard case .failure(let error) = OpenWeatherWire.decode(HTTPAnswer(status: 200, body: Data(body.utf8)))
    else { return nil }
    return error
  }

  private func london(replacing old: String, with new: String) -> String {
    Self.london.replacingOccurrences(of: old, with: new)
  }

  func testTheWholeAnswerDecodes() {
    XCTAssertNil(error(Self.london))
  }

  func testAMissingFieldIsNamed() {
    XCTAssertEqual(
      error(london(replacing: #""temp": 12.4, "#, with: "")),
      SourceError(.badResponse, "field 'main.temp' missing"))
    XCTAssertEqual(
      error(london(replacing: #""name": "London", "#, with: "")),
      SourceError(.badResponse, "field 'name' missing"))
    XCTAssertEqual(
      error(london(replacing: #""description": "light rain", "#, with: "")),
      SourceError(.badResponse, "field 'weather[0].description' missing"))
  }

  func testAMistypedFieldSaysWhatItIsAndWhatWasExpected() {
    let cases = [
      (#""temp": 12.4"#, #""temp": "12.4""#, "'main.temp' is a string, expected a number"),
      (#""humidity": 81"#, #""humidity": null"#, "'main.humidity' is null, expected a whole number"),
      (
        #""humidity": 81"#, #""humidity": 81.5"#,
        "a number does not fit its field (a fraction where a whole number belongs, or one too large)"
      ),
      (#""wind": {"speed": 4.6}"#, #""wind": [4.6]"#, "'wind' is a list, expected an object"),
      (#""name": "London""#, #""name": true"#, "'name' is true or false, expected a string"),
    ]
    for (old, new, message) in cases {
      XCTAssertEqual(error(london(replacing: old, with: new)), SourceError(.badResponse, message), new)
    }
  }

  func testAnEmptyWeatherListIsNamed() {
    let body = Self.london.replacingOccurrences(
      of: #"[{"id": 500, "main": "Rain",\#n "description": "light rain", "icon": "10d"}]"#, with: "[]")
    XCTAssertEqual(
      error(body), SourceError(.badResponse, "'weather' is an empty list, expected at least one entry"))
  }

  func testABodyThatIsNotJSONIsStillNotValidJSON() {
    XCTAssertEqual(error(#"{"status": "ok", "data": {"te"#), .garbage)
    XCTAssertEqual(error("<html>"), .garbage)
    XCTAssertEqual(error(""), .garbage)
  }
}
