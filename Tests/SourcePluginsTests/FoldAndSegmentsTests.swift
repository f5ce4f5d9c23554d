import XCTest

@testable import FakeAPI
@testable import SourceCore

/// What the fake API does on every request the short way, and must do as the general way does:
/// city names folded for look-up and route paths read byte by byte when they are ASCII (as
/// Foundation and Unicode read them), the nearest city found without every distance.
final class FoldAndSegmentsTests: XCTestCase {
  func testAnASCIINameFoldsAsFoundationFoldsIt() {
    let ascii = (0x20..<0x7F).map { String(UnicodeScalar(UInt8($0))) }.joined()
    let names =
      WorldCities.all.flatMap { [$0.name, $0.countryCode, $0.airVisual.city, $0.airVisual.state] }
      + [ascii, "  London ", "\tPARIS\t", "", "   ", "New York", "Ile-de-France", " a b ", "X\n"]
    for name in names {
      guard let folded = WorldCities.asciiFold(name) else { continue }
      XCTAssertEqual(folded, WorldCities.foldByFoundation(name), "\(name)")
    }
    XCTAssertEqual(WorldCities.asciiFold("  New YORK\t"), "new york")
    XCTAssertNil(WorldCities.asciiFold("São Paulo"))
    XCTAssertEqual(WorldCities.fold("São Paulo "), "sao paulo")
  }

  func testTheNearestCityIsTheOneEveryDistanceGives() {
    var points: [(Double, Double)] = WorldCities.all.map { ($0.lat, $0.lon) }
    for lat in stride(from: -90.0, through: 90, by: 7.5) {
      for lon in stride(from: -180.0, through: 180, by: 11.25) { points.append((lat, lon)) }
    }
    points += [(51.5, -0.12), (.nan, 0), (0, .infinity), (91, 0)]
    for (lat, lon) in points {
      for radius in [100, 1000, Double.infinity] {
        let ranked = WorldCities.all.map { (city: $0, km: WorldCities.distanceKm(lat, lon, $0.lat, $0.lon)) }
        let best = ranked.min { $0.km < $1.km }.flatMap { $0.km <= radius ? $0.city.name : nil }
        XCTAssertEqual(
          WorldCities.nearest(lat: lat, lon: lon, withinKm: radius)?.name, best, "\(lat), \(lon)")
      }
    }
  }

  func testAnASCIIPathHasTheSegmentsOfTheGeneralReading() {
    let paths = [
      "/data/2.5/weather", "/V2/City/", "//v2//nearest_city", "/", "", "///", "v2/city", "/_Control/Faults",
      "/a/./b", "/%41/b", "/x y/Z",
    ]
    for path in paths {
      let general = path.split(separator: "/").map { $0.lowercased() }.joined(separator: "/")
      XCTAssertEqual(FakeAPIHandler.asciiSegments(path), general, path)
    }
    XCTAssertNil(FakeAPIHandler.asciiSegments("/İ/x"))
    XCTAssertEqual(FakeAPIHandler.segments("/İ/X"), "i̇/x")
  }
}
