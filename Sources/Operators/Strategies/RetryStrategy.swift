/// How a jittered exponential back-off spreads its delays, as defined in the AWS
/// Architecture Blog's "Exponential Backoff and Jitter" (d is the capped exponential delay).
public enum Jitter: String, Sendable, CaseIterable {
  /// Exactly d.
  case none
  /// Anywhere in 0...d.
  case full
  /// d/2 plus anywhere in 0...d/2.
  case equal
  /// Anywhere in initial...(3 × the previous delay), capped; the factor is not used.
  case decorrelated
}

/// When `retry(_:seed:scheduler:)` resubscribes: the delay after each error, and how many
/// resubscriptions are allowed (`times`); the error after the last one is forwarded.
///
///     RetryStrategy.delays([.seconds(1), .seconds(3)])  // wait 1s, then 3s, then fail
///     RetryStrategy.binaryExponential(.seconds(1), times: 4)  // 2s, 4s, 8s, 16s
public struct RetryStrategy: Equatable, Sendable {
  /// How the delays grow, as the strategy was written once its defaults are filled in: what
  /// `pipe export` writes in another library's terms.
  public enum Shape: Equatable, Sendable {
    case delays([Time])
    case constant(Time)
    case linear(Time)
    case exponential(initial: Time, factor: Double, max: Time, jitter: Jitter)
    case binaryExponential(Time)
    case immediate
  }

  public let shape: Shape
  /// How many resubscriptions the strategy allows.
  public let times: Int

  init(_ shape: Shape, times: Int) {
    self.shape = shape
    self.times = Swift.max(0, times)
  }

  /// After the k-th error wait `delays[k-1]`: one resubscription per delay.
  public static func delays(_ delays: [Time]) -> RetryStrategy {
    RetryStrategy(.delays(delays), times: delays.count)
  }

  /// The same delay before each of `times` resubscriptions.
  public static func constant(_ delay: Time, times: Int) -> RetryStrategy {
    RetryStrategy(.constant(delay), times: times)
  }

  /// d, 2d, 3d, ...
  public static func linear(_ delay: Time, times: Int) -> RetryStrategy {
    RetryStrategy(.linear(delay), times: times)
  }

  /// initial × factor^(k-1), capped at `max`, spread by `jitter`.
  public static func exponential(
    initial: Time, factor: Double = 2, max: Time = .seconds(30), jitter: Jitter = .none, times: Int
  ) -> RetryStrategy {
    RetryStrategy(.exponential(initial: initial, factor: factor, max: max, jitter: jitter), times: times)
  }

  /// After the k-th error wait 2^k × interval (k from 1): 2, 4, 8, 16 × interval.
  public static func binaryExponential(_ interval: Time, times: Int) -> RetryStrategy {
    RetryStrategy(.binaryExponential(interval), times: times)
  }

  /// Resubscribes at once, `times` times: `retry(times + 1)` said as a strategy.
  public static func immediate(_ times: Int) -> RetryStrategy {
    RetryStrategy(.immediate, times: times)
  }

  /// The delays this strategy will use, drawn from `seed`.
  public func makeSchedule(seed: UInt64 = 0) -> RetrySchedule {
    RetrySchedule(strategy: self, seed: seed)
  }

  /// The range the delay after the `attempt`-th error (from 1) falls in, or nil when that
  /// error is forwarded: for printing a schedule without running it.
  public func bounds(attempt: Int) -> ClosedRange<Time>? {
    guard attempt >= 1, attempt <= times else { return nil }
    let delay = nominalDelay(attempt: attempt)
    guard case .exponential(let initial, _, let cap, let jitter) = shape else { return delay...delay }
    switch jitter {
    case .none: return delay...delay
    case .full: return .zero...delay
    case .equal: return Time(nanoseconds: delay.nanoseconds / 2)...delay
    case .decorrelated:
      let low = Swift.min(cap, initial)
      let high = Swift.min(cap, RetryStrategy.scale(initial, by: power(3, attempt)))
      return low...Swift.max(low, high)
    }
  }

  /// The delay after the `attempt`-th error before any jitter.
  func nominalDelay(attempt: Int) -> Time {
    switch shape {
    case .delays(let delays): return delays[attempt - 1]
    case .constant(let delay): return delay
    case .linear(let delay): return RetryStrategy.scale(delay, by: Double(attempt))
    case .exponential(let initial, let factor, let cap, _):
      return Swift.min(cap, RetryStrategy.scale(initial, by: power(factor, attempt - 1)))
    case .binaryExponential(let interval): return RetryStrategy.scale(interval, by: power(2, attempt))
    case .immediate: return .zero
    }
  }
}

/// `base` to the power `exponent` (≥ 0), by squaring.
private func power(_ base: Double, _ exponent: Int) -> Double {
  var result = 1.0
  var square = base
  var rest = exponent
  while rest > 0 {
    if rest & 1 == 1 { result *= square }
    square *= square
    rest >>= 1
  }
  return result
}

extension RetryStrategy {
  /// `span` times `factor`, saturating at about 31 years instead of overflowing.
  static func scale(_ span: Time, by factor: Double) -> Time {
    let limit = 1e18
    let product = Double(span.nanoseconds) * factor
    if product.isNaN { return .zero }
    return Time(nanoseconds: Int64(Swift.min(limit, Swift.max(-limit, product)).rounded()))
  }
}
