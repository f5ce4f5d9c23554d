import SplitMix

/// The delays of one run of a `RetryStrategy`, one per error; nil means give up and forward
/// the error. A value type: copying it replays the same delays.
///
///     var schedule = RetryStrategy.linear(.seconds(1), times: 2).makeSchedule(seed: 0)
///     schedule.next()  // 1s
///     schedule.next()  // 2s
///     schedule.next()  // nil
public struct RetrySchedule: IteratorProtocol, Sequence, Sendable {
  public let strategy: RetryStrategy
  private let seed: UInt64
  /// Made from `seed` at the first draw: only jittered strategies draw, and a schedule is
  /// made for every subscription.
  private var generator: SeededRandom?
  /// How many errors were answered so far.
  public private(set) var attempt = 0
  /// The previous delay, for decorrelated jitter.
  private var previous: Time?

  init(strategy: RetryStrategy, seed: UInt64) {
    self.strategy = strategy
    self.seed = seed
  }

  /// The delay before the next resubscription, or nil to give up. Always inlined: a call
  /// per error costs `retry` with back-off about 90 instructions a pipeline (callgrind, e).
  @inline(__always) public mutating func next() -> Time? {
    guard attempt < strategy.times else { return nil }
    attempt += 1
    let delay = strategy.nominalDelay(attempt: attempt)
    guard case .exponential(let initial, _, let cap, let jitter) = strategy.shape else { return delay }
    switch jitter {
    case .none: return delay
    case .full: return draw(.zero, delay)
    case .equal: return draw(Time(nanoseconds: delay.nanoseconds / 2), delay)
    case .decorrelated:
      let upper = RetryStrategy.scale(previous ?? initial, by: 3)
      let sleep = Swift.min(cap, draw(initial, Swift.max(initial, upper)))
      previous = sleep
      return sleep
    }
  }

  private mutating func draw(_ low: Time, _ high: Time) -> Time {
    var generator = self.generator ?? SeededRandom(seed: seed)
    defer { self.generator = generator }
    let range = Int(low.nanoseconds)...Int(Swift.max(low, high).nanoseconds)
    return Time(nanoseconds: Int64(generator.int(in: range)))
  }
}
