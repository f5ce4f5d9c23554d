import Foundation
import SourceCore
import SplitMix
import XCTest

@testable import AirQualityCore
@testable import WeatherCore

/// The simulators' 200s are written by hand (`JSONText`) for speed: byte for byte what
/// `JSONEncoder` wrote from the wire types, for every city of the table and readings of every kind.
final class AnswerBodyTests: XCTestCase {
  /// Names with what JSON escapes, and beyond ASCII.
  static let oddNames = ["São Paulo", "Москва", #"a "quoted" \ name"#, "tab\tnew\nline\u{1}", "a/b", ""]

  func testTheWeatherBodyIsWhatJSONEncoderWrote() {
    var rng = SeededRandom(seed: 7, salts: ["answers"])
    let cities: [WorldCity?] = WorldCities.all + [nil]
    for (index, city) in cities.enumerated() {
      for units in Units.allCases {
        let record = WeatherRecord(
          city: index < Self.oddNames.count ? Self.oddNames[index] : city?.name ?? "",
          temp: temperature(&rng, index), feelsLike: temperature(&rng, index + 1),
          humidity: rng.int(in: 0...100),
          description: ["clear sky", "light rain", "mist", "few clouds"][index % 4],
          windSpeed: rng.double(in: 0...30, places: index % 3),
          observedAt: Date(timeIntervalSince1970: Double(1_717_242_720 + index)))
        let written = OpenWeatherWire.successBody(record, city: city, units: units).data
        let encoded = OpenWeatherWire.encodedSuccessBody(record, city: city, units: units)
        XCTAssertEqual(
          String(decoding: written, as: UTF8.self), String(decoding: encoded, as: UTF8.self),
          "\(city?.name ?? "no city") in \(units)")
      }
    }
  }

  func testTheAirQualityBodyIsWhatJSONEncoderWrote() {
    var rng = SeededRandom(seed: 7, salts: ["air"])
    for (index, city) in WorldCities.all.enumerated() {
      let reading = AirQualityRecord(
        city: index < Self.oddNames.count ? Self.oddNames[index] : city.airVisual.city,
        aqi: rng.int(in: -5...500), mainPollutant: ["p2", "o3", "n\"2"][index % 3],
        temp: rng.int(in: -40...50), humidity: rng.int(in: 0...100))
      let written = AirVisualWire.successBody(city, reading: reading).data
      let encoded = AirVisualWire.encodedSuccessBody(city, reading: reading)
      XCTAssertEqual(
        String(decoding: written, as: UTF8.self), String(decoding: encoded, as: UTF8.self), city.name)
    }
  }

  func testTheWeatherGroupIsFoundInTheDescriptionAsFoundationFindsIt() {
    let skies = [Skies.maritime, .continental, .mediterranean, .tropical, .arid, .hazy]
      .flatMap(\.descriptions)
    for description in skies + [
      "Light Rain", "thunderstorm with rain", "snowy clouds", "", "x", "pluie fine",
    ] {
      let expected =
        OpenWeatherWire.groups.first { description.contains($0.0) }?.1
        ?? description.prefix(1).uppercased() + description.dropFirst()
      XCTAssertEqual(OpenWeatherWire.group(description), expected, description)
    }
    XCTAssertEqual(OpenWeatherWire.group("light rain"), "Rain")
    XCTAssertEqual(OpenWeatherWire.group("haze"), "Haze")
  }

  func testTheSimulatorsAnswerWithTheWrittenBodies() throws {
    let weather = OpenWeatherSimulator(seed: 42).respond(
      to: .init(query: .city("London"), apiKey: "k", units: .metric), step: .ok, attempt: 1)
    guard case .answer(let answer) = weather else { return XCTFail("\(weather)") }
    XCTAssertEqual(answer.status, 200)
    XCTAssertTrue(String(decoding: answer.body, as: UTF8.self).hasPrefix(#"{"cod":200,"coord":{"lat":51.5"#))
    XCTAssertEqual(try OpenWeatherWire.decode(answer).get().city, "London")

    let air = AirVisualSimulator(seed: 42).respond(to: .nearestByIP, apiKey: "k", step: .ok, attempt: 1)
    guard case .answer(let airAnswer) = air else { return XCTFail("\(air)") }
    XCTAssertTrue(String(decoding: airAnswer.body, as: UTF8.self).hasPrefix(#"{"data":{"city":"London""#))
    XCTAssertEqual(try AirVisualWire.decode(airAnswer).get().city, "London")
  }

  /// Temperatures of every shape: whole (`12.0` is written `12`), negative, long fractions, tiny.
  private func temperature(_ rng: inout SeededRandom, _ index: Int) -> Double {
    switch index % 5 {
    case 0: Double(rng.int(in: -30...40))
    case 1: rng.double(in: -30...40, places: 15)
    case 2: rng.double(in: -30...40)
    case 3: rng.double(in: -1e-6...1e-6, places: 12)
    default: rng.double(in: 200...330) * 1e15
    }
  }
}
