import Foundation
import SourceCore

/// The two services the fake API serves.
public enum FakeAPIService: String, CaseIterable, Sendable {
  case weather, airquality
}

/// The fault plan of each service.
public struct FakeAPIFaults: Equatable, Sendable {
  public var weather: FaultPlan
  public var airquality: FaultPlan

  public init(weather: FaultPlan = .none, airquality: FaultPlan = .none) {
    self.weather = weather
    self.airquality = airquality
  }

  public subscript(service: FakeAPIService) -> FaultPlan {
    get { service == .weather ? weather : airquality }
    set {
      if service == .weather { weather = newValue } else { airquality = newValue }
    }
  }
}

/// What the fake API remembers between requests: the faults, and how many requests each service
/// has had since its faults were last set (request n is attempt n of the plan).
actor FakeAPIState {
  private(set) var faults: FakeAPIFaults
  private var attempts: [FakeAPIService: Int] = [:]
  let seed: UInt64
  let requireKey: Bool

  init(faults: FakeAPIFaults, seed: UInt64, requireKey: Bool) {
    self.faults = faults
    self.seed = seed
    self.requireKey = requireKey
  }

  /// Counts a request to `service` and returns its attempt number and the fault it meets.
  func nextAttempt(_ service: FakeAPIService, salt: String) -> (attempt: Int, step: FaultStep) {
    let attempt = attempts[service, default: 0] + 1
    attempts[service] = attempt
    return (attempt, faults[service].step(attempt: attempt, seed: seed, salt: salt))
  }

  /// Replaces the plans given and restarts their attempt counts.
  func setFaults(_ plans: [FakeAPIService: FaultPlan]) {
    for (service, plan) in plans {
      faults[service] = plan
      attempts[service] = 0
    }
  }

  /// Restarts every attempt count.
  func reset() {
    attempts = [:]
  }

  /// Each service's plan and request count, in `FakeAPIService` order.
  func status() -> [(service: FakeAPIService, faults: FaultPlan, requests: Int)] {
    FakeAPIService.allCases.map { ($0, faults[$0], attempts[$0, default: 0]) }
  }

  /// `{"seed": 42, "requireKey": true, "weather": {"faults": "500,ok", "attempts": 1}, …}`
  func statusJSON() -> Data {
    var object: [String: Any] = ["seed": seed, "requireKey": requireKey]
    for service in FakeAPIService.allCases {
      object[service.rawValue] = [
        "faults": faults[service].description, "attempts": attempts[service, default: 0],
      ]
    }
    return
      (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]))
      ?? Data()
  }
}
