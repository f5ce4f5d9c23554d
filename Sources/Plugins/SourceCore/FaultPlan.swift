import SplitMix

/// What one attempt against a simulated service meets.
public enum FaultStep: Hashable, Sendable, CustomStringConvertible {
  case ok
  /// The service answers with this HTTP status (400–599), and a `Retry-After` of that many
  /// seconds when one is given (`429@7s`).
  case status(Int, retryAfter: Int? = nil)
  /// The service never answers; the client gives up after its timeout.
  case timeout
  /// The service cannot be reached.
  case offline
  /// The service answers 200 with a body that is not the JSON it promised.
  case garbage

  public var description: String {
    switch self {
    case .ok: "ok"
    case .status(let code, nil): String(code)
    case .status(let code, let seconds?): "\(code)@\(seconds)s"
    case .timeout: "timeout"
    case .offline: "offline"
    case .garbage: "garbage"
    }
  }
}

/// The faults a simulated service injects, chosen per attempt (the `*.faults` settings).
///
///     "500,500,ok"   attempt 1 → 500, attempt 2 → 500, attempt 3 and later → ok
///     "429@7s,ok"    attempt 1 → 429 with `Retry-After: 7`, then ok
///     "rate(0.3)"    each attempt fails with 503 with probability 0.3, drawn from the seed
///     "rate(0.5, timeout)"  the same with a chosen fault
///     ""             never fails
public enum FaultPlan: Equatable, Sendable, CustomStringConvertible {
  /// Attempt n meets the n-th step; the last step repeats. Empty means always ok.
  case sequence([FaultStep])
  /// Each attempt meets `fault` with probability `rate`, else ok.
  case rate(Double, FaultStep)

  public static let none = FaultPlan.sequence([])

  /// The step that attempt number `attempt` (1-based) meets; `salt` names the request, so two
  /// requests under one seed draw independently.
  public func step(attempt: Int, seed: UInt64, salt: String) -> FaultStep {
    switch self {
    case .sequence(let steps):
      guard let last = steps.last else { return .ok }
      let index = max(attempt, 1) - 1
      return index < steps.count ? steps[index] : last
    case .rate(let rate, let fault):
      var rng = SeededRandom(seed: seed, salts: ["fault", salt, attempt])
      return rng.unit() < rate ? fault : .ok
    }
  }

  public var description: String {
    switch self {
    case .sequence(let steps): steps.map(\.description).joined(separator: ",")
    case .rate(let rate, .status(503, nil)): "rate(\(rate))"
    case .rate(let rate, let fault): "rate(\(rate), \(fault))"
    }
  }
}
