import Foundation
import PipeProcessSupport
import XCTest

/// The error kinds a pipeline raises become the one error type an app declares (issue 27,
/// item 4): `enum WeatherError: String, Error` with the service's HTTP statuses, a tagged
/// class in RxJS, instead of stringly `PipeError("tooHot")`.
final class ErrorEnumExportTests: XCTestCase {
  static let weather = #"weather "Oslo" | throwIf { .temp > 40 } tooHot | retry 2 | catchAndReturn "x""#

  private func export(_ library: String, _ code: String) throws -> String {
    let result = try PipeProcess.run(["export", "--to", library, "--code", code])
    XCTAssertEqual(result.status, 0, result.stderr)
    return result.stdout
  }

  func testTheKindsOfAWeatherPipelineAreOneSwiftEnumWithTheHTTPStatuses() throws {
    for library in ["combine", "rxswift"] {
      let code = try export(library, Self.weather)
      XCTAssertTrue(
        code.contains(
          "enum WeatherError: String, Error {\n"
            + "    case invalidKey, cityNotFound, rateLimited, serverFailure, notConnected, tooHot\n"),
        "\(library):\n\(code)")
      XCTAssertTrue(code.contains("        case 404: self = .cityNotFound\n"), "\(library):\n\(code)")
      XCTAssertTrue(code.contains("throw WeatherError.tooHot"), "\(library):\n\(code)")
      XCTAssertFalse(code.contains(#"PipeError("tooHot")"#), "\(library):\n\(code)")
    }
  }

  /// A Combine fragment that reads no error's fields carries no PipeError at all (a plugin's
  /// stub type prints as pipe's record, with `show`, which reads them).
  func testAFragmentCarriesPipeErrorOnlyWhenItReadsAnError() throws {
    let plain = try export("combine", "range(1, 5) | throwIf { . > 3 } tooBig | retry 2 | catchAndReturn 0")
    XCTAssertFalse(plain.contains("struct PipeError"), plain)
    XCTAssertTrue(plain.contains("enum PipelineError: String, Error {\n    case tooBig\n}"), plain)
    let reading = try export("combine", #"weather "Oslo" | catch (just { "no weather: " + .kind })"#)
    XCTAssertTrue(reading.contains("struct PipeError"), reading)
    XCTAssertTrue(reading.contains("if let error = self as? WeatherError { return error.rawValue }"), reading)
  }

  func testWithoutAServiceTheTypeIsPipelineErrorAndRxJSTagsItsKinds() throws {
    let swift = try export("combine", #"cold "-1-5|" | throwIf { . > 3 } tooBig | timeout 2s"#)
    XCTAssertTrue(swift.contains("enum PipelineError: String, Error {\n    case tooBig, timeout\n}"), swift)
    let rxjs = try export("rxjs", Self.weather)
    XCTAssertTrue(rxjs.contains("class WeatherError extends PipeError {"), rxjs)
    XCTAssertTrue(
      rxjs.contains(
        "type WeatherErrorKind = 'invalidKey' | 'cityNotFound' | 'rateLimited' | 'serverFailure' | 'notConnected' | 'tooHot';"
      ), rxjs)
    XCTAssertTrue(rxjs.contains("throw new WeatherError('tooHot')"), rxjs)
    XCTAssertTrue(
      rxjs.contains("if (status >= 500 && status <= 599) return new WeatherError('serverFailure');"), rxjs)
  }
}
