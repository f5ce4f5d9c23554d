import Foundation

/// How a test shows that a cost grows linearly with a size, not with its square, on a machine
/// that is busy with other work (CI runs two test lanes on two cores).
///
/// One measurement of each size compares two moments of the machine's load: a large run that
/// was descheduled once looked quadratic (CI: 6.8× for 4× the replies, the bound being 6). So
/// the sizes are measured in turns, small then large, and the ratio compared is that of the
/// *least* time each size took: load only ever adds time, so the least is the truest. A round
/// is added while the ratio is not yet below the bound, up to `rounds`.
///
/// This cannot make a quadratic cost pass: its large run costs (large/small)² times the small
/// one in every round, so the least large time stays that many times the least small time,
/// whatever rounds are added (unless every small run was slowed as much, in every round).
public enum Growth {
  /// The ratio of the least cost of `large` to the least cost of `small`, measured in turns,
  /// and what was measured, for a failure's message.
  ///
  /// - Parameters:
  ///   - bound: the ratio a linear cost stays under; rounds stop once the ratio is under it.
  ///   - rounds: the most rounds measured.
  ///   - cost: the cost of one run of the size it is given (seconds, of CPU or of the clock).
  public static func ratio(
    small: Int, large: Int, under bound: Double, rounds: Int = 5, _ cost: (Int) throws -> Double
  ) rethrows -> (ratio: Double, measured: String) {
    var smallest: (small: Double, large: Double) = (.infinity, .infinity)
    var measured: [String] = []
    for _ in 0..<max(1, rounds) {
      let smallCost = try cost(small)
      let largeCost = try cost(large)
      smallest = (min(smallest.small, smallCost), min(smallest.large, largeCost))
      measured.append(String(format: "%.3f s / %.3f s", smallCost, largeCost))
      if smallest.large / smallest.small < bound { break }
    }
    let ratio = smallest.large / smallest.small
    return (
      ratio,
      String(format: "%.2f×", ratio) + " (\(small) then \(large), each round: "
        + measured.joined(separator: ", ") + ")"
    )
  }

  /// The CPU time the calling thread has used so far, in seconds: unlike the clock, it does not
  /// grow while the thread waits for a core.
  public static func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// Seconds of the clock that `body` took.
  public static func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  }
}
