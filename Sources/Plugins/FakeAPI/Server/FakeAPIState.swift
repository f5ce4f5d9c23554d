import Foundation
import SourceCore
import Synchronization

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
/// has had since its faults were last set (request n is attempt n of the plan). Requests on
/// any thread count under one lock, held for an increment: no actor hop per request.
final class FakeAPIState: Sendable {
  private struct Counts {
    var faults: FakeAPIFaults
    var attempts: [FakeAPIService: Int] = [:]
  }

  private let counts: Mutex<Counts>
  let seed: UInt64
  let requireKey: Bool

  init(faults: FakeAPIFaults, seed: UInt64, requireKey: Bool) {
    counts = Mutex(Counts(faults: faults))
    self.seed = seed
    self.requireKey = requireKey
  }

  /// Counts a request to `service` and returns its attempt number and the fault it meets.
  func nextAttempt(_ service: FakeAPIService, salt: String) -> (attempt: Int, step: FaultStep) {
    let (attempt, plan) = counts.withLock { counts in
      let attempt = counts.attempts[service, default: 0] + 1
      counts.attempts[service] = attempt
      return (attempt, counts.faults[service])
    }
    return (attempt, plan.step(attempt: attempt, seed: seed, salt: salt))
  }

  /// Replaces the plans given and restarts their attempt counts.
  func setFaults(_ plans: [FakeAPIService: FaultPlan]) {
    counts.withLock { counts in
      for (service, plan) in plans {
        counts.faults[service] = plan
        counts.attempts[service] = 0
      }
    }
  }

  /// Restarts every attempt count.
  func reset() {
    counts.withLock { $0.attempts = [:] }
  }

  /// Each service's plan and request count, in `FakeAPIService` order.
  func status() -> [(service: FakeAPIService, faults: FaultPlan, requests: Int)] {
    let counts = counts.withLock { $0 }
    return FakeAPIService.allCases.map { ($0, counts.faults[$0], counts.attempts[$0, default: 0]) }
  }

  /// `{"seed": 42, "requireKey": true, "weather": {"faults": "500,ok", "attempts": 1}, …}`
  func statusJSON() -> Data {
    let counts = counts.withLock { $0 }
    var object: [String: Any] = ["seed": seed, "requireKey": requireKey]
    for service in FakeAPIService.allCases {
      object[service.rawValue] = [
        "faults": counts.faults[service].description, "attempts": counts.attempts[service, default: 0],
      ]
    }
    return
      (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]))
      ?? Data()
  }
}
