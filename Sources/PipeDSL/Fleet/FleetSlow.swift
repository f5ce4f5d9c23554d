import Operators
import SplitMix

extension FleetServices {
  /// How long attempt `attempt` of client `client` takes to be answered when it is one of the
  /// slow ones (`clients … slow 5s slowShare 0.05`: about one served attempt in twenty takes
  /// 5 s), in ms; nil when it is answered at the usual 200-400 ms. Drawn from the run's seed,
  /// the client and the attempt, so the same run is slow at the same attempts, and a second
  /// attempt (a retry, a hedge) draws again.
  func slowAnswer(client: Int, attempt: Int) -> Int? {
    guard let slow = limits.slow, limits.slowShare > 0 else { return nil }
    var random = SeededRandom(seed: seed, salts: ["fleet slow", client, attempt])
    return random.unit() < limits.slowShare ? Int(slow.nanoseconds / 1_000_000) : nil
  }
}
