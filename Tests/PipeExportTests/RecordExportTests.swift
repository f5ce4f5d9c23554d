import Foundation
import PipeProcessSupport
import XCTest

/// A record literal exported to Combine or RxSwift is a struct, one per shape, that prints as
/// pipe prints the record, whose fields the later stages read: not a `[String: Int]` (which has
/// no `.a`) nor a heterogeneous dictionary literal (which does not compile). A field whose type
/// the words do not say is refused, naming it. (ExportRoundTripTests builds and runs them:
/// Tests/PipeExportTests/Scripts/records.pipe.)
final class RecordExportTests: XCTestCase {
  private func export(_ code: String, to library: String, line: UInt = #line) throws -> String {
    let run = try PipeProcess.run(["export", "--to", library, "--code", code])
    XCTAssertEqual(run.status, 0, "\(library) \(code): \(run.stderr)", line: line)
    return run.stdout
  }

  private func assertContains(_ text: String, _ parts: [String], line: UInt = #line) {
    for part in parts { XCTAssertTrue(text.contains(part), "no \(part) in:\n\(text)", line: line) }
    XCTAssertFalse(
      text.contains("[\"a\":") || text.contains("[\"city\":"), "a dictionary in:\n\(text)", line: line)
  }

  func testTheBenchmarksRecordsAreAStructWhoseFieldsAreRead() throws {
    let code = "range(0, 10) | map {[a: ., b: . * 2]} | filter {.b % 4 == 0} | map {.a} | show"
    for library in ["combine", "rxswift"] {
      let text = try export(code, to: library)
      assertContains(
        text,
        [
          "struct AB: CustomStringConvertible {\n    var a: Int\n    var b: Int\n",
          #"var description: String { "{a: \(a), b: \(b)}" }"#,
          "AB(a: $0, b: pipeMultiply($0, 2)) }", ".filter { ($0.b % 4) == 0 }", ".map { $0.a }",
        ])
      // Declared once, before the chain.
      XCTAssertEqual(text.components(separatedBy: "struct AB").count, 2, text)
      XCTAssertLessThan(
        try XCTUnwrap(text.range(of: "struct AB")).lowerBound,
        try XCTUnwrap(text.range(of: "AB(a:")).lowerBound)
    }
  }

  func testARecordOfAStringAnIntADoubleAndABoolHasEachType() throws {
    let code = #"just [city: "Oslo", temp: 3, wind: 2.5, dry: true] | map { .city + "!" } | show"#
    for library in ["combine", "rxswift"] {
      assertContains(
        try export(code, to: library),
        [
          "struct CityTempWindDry: CustomStringConvertible {",
          "var city: String\n    var temp: Int\n    var wind: Double\n    var dry: Bool\n",
          #""{city: \(String(reflecting: city)), temp: \(temp), wind: \(wind), dry: \(dry)}""#,
          #"CityTempWindDry(city: "Oslo", temp: 3, wind: 2.5, dry: true)"#, #"$0.city + "!""#,
        ])
    }
  }

  /// The benchmark's weather-shaped statement: two shapes, the fallback of catch the second.
  func testWeatherShapedRecordsAndARecordFallbackInCatch() throws {
    let code =
      #"range(0, 100) | map {[city: "London", temp: . % 40, humidity: . % 100]} | filter {.temp > 10 && .humidity < 90} "#
      + #"| map {[city: .city, temp: .temp * 2]} | catch (just [city: "cache", temp: 0]) | retry 3 | map {.temp} | last"#
    for library in ["combine", "rxswift"] {
      let text = try export(code, to: library)
      assertContains(
        text,
        [
          "struct CityTempHumidity: CustomStringConvertible {", "struct CityTemp: CustomStringConvertible {",
          #"CityTempHumidity(city: "London", temp: $0 % 40, humidity: $0 % 100)"#,
          "CityTemp(city: $0.city, temp: $0.temp * 2)", #"CityTemp(city: "cache", temp: 0)"#,
        ])
      XCTAssertFalse(text.contains("pipe mixes types here"), text)
    }
  }

  func testNestedRecordsAreStructsOfStructsAndDistinctMakesThemHashable() throws {
    let nested = try export(
      #"just [place: [city: "Oslo"], temp: 3] | map { .place.city } | show"#, to: "combine")
    assertContains(
      nested,
      [
        "struct City: CustomStringConvertible {", "var place: City\n",
        #"PlaceTemp(place: City(city: "Oslo"), temp: 3)"#, "$0.place.city",
      ])
    let distinct = try export("of(1, 1, 2) | map {[n: .]} | distinct | show", to: "rxswift")
    assertContains(distinct, ["struct N: Hashable, CustomStringConvertible {", ".distinctUntilChanged()"])
  }

  /// A field computed from `.` of a stream whose type the exporter cannot tell has no Swift
  /// type: refused, exit 3, with a caret under the stage and the field named.
  func testAFieldOfUnknownTypeIsRefused() throws {
    for library in ["combine", "rxswift"] {
      let run = try PipeProcess.run([
        "export", "--to", library, "--code", "range(0, 3) | map {[a: ., b: . * 1.5]} | show",
      ])
      XCTAssertEqual(run.status, 3, run.stdout)
      XCTAssertEqual(run.stdout, "")
      XCTAssertTrue(run.stderr.contains("cannot export 'map {[a: ., b: . * 1.5]}' to "), run.stderr)
      XCTAssertTrue(
        run.stderr.contains("cannot tell the Swift type of field 'b' of the record ('b: (. * 1.5)')"),
        run.stderr)
      let caret = try XCTUnwrap(run.stderr.split(separator: "\n").first { $0.contains("^") })
      XCTAssertEqual(
        caret.firstIndex(of: "^").map { caret.distance(from: caret.startIndex, to: $0) }, 18, run.stderr)
    }
    // RxJS writes an object, which needs no type.
    let rxjs = try PipeProcess.run([
      "export", "--to", "rxjs", "--code", "range(0, 3) | map {[a: ., b: . * 1.5]} | show",
    ])
    XCTAssertEqual(rxjs.status, 0, rxjs.stderr)
  }
}
