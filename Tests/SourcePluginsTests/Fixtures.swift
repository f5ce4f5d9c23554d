import AirQualityCore
import SourceCore
import WeatherCore
import XCTest

/// Settings for a source under test: the simulator with seed 42 unless changed.
func serviceSettings(
  baseURL: String = "http://127.0.0.1:9", _ change: (inout ServiceSettings) -> Void = { _ in }
) -> ServiceSettings {
  var settings = ServiceSettings(baseURL: baseURL)
  change(&settings)
  return settings
}

/// `faults` parsed, for brevity in tests.
func plan(_ faults: String) -> FaultPlan {
  try! FaultPlan(parsing: faults)
}

extension WeatherService {
  init(_ change: (inout ServiceSettings) -> Void = { _ in }) {
    self.init(settings: serviceSettings(change))
  }
}

extension AirQualityService {
  init(_ change: (inout ServiceSettings) -> Void = { _ in }) {
    self.init(settings: serviceSettings(change))
  }
}

/// Checks that a reply is an error of `kind` with `status`, and returns it.
@discardableResult
func assertError<Value>(
  _ reply: SourceReply<Value>, _ kind: SourceError.Kind, status: Int? = nil,
  file: StaticString = #filePath, line: UInt = #line
) -> SourceError? {
  guard let error = reply.error else {
    XCTFail("expected \(kind), got \(reply.result)", file: file, line: line)
    return nil
  }
  XCTAssertEqual(error.kind, kind, error.message, file: file, line: line)
  XCTAssertEqual(error.status, status, "status of \(error)", file: file, line: line)
  return error
}
