import SourceCore
import SplitMix

/// The `random(min, max)` source: one seeded integer per subscription.
///
/// The draw depends on the seed and the attempt (the subscription number), so a retry draws
/// anew while a rerun with the same seed repeats the whole sequence:
///
///     RandomDraw.draw(in: -100...200, seed: 42, attempt: 1)   // the same on every run
///     RandomDraw.draw(in: -100...200, seed: 42, attempt: 2)   // another number
public enum RandomDraw {
  public static let defaultMin = -100
  public static let defaultMax = 200
  /// The seed when neither `random.seed` nor the global `seed` is set.
  public static let defaultSeed: UInt64 = 42

  /// `random.seed` if set, else the global `seed`, else the default.
  public static func seed(own: UInt64?, global: UInt64?) -> UInt64 {
    own ?? global ?? defaultSeed
  }

  /// The number attempt `attempt` draws from `min ... max`; `min > max` is an
  /// `invalidArgument` error.
  public static func draw(min: Int, max: Int, seed: UInt64, attempt: Int) -> Result<Int, SourceError> {
    guard min <= max else {
      return .failure(SourceError(.invalidArgument, "random(\(min), \(max)): min is above max"))
    }
    return .success(draw(in: min...max, seed: seed, attempt: attempt))
  }

  public static func draw(in range: ClosedRange<Int>, seed: UInt64, attempt: Int) -> Int {
    var rng = SeededRandom(seed: seed, salts: ["random", attempt])
    return rng.int(in: range)
  }
}
