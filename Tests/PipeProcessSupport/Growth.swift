import Foundation

/// How a test shows that a cost grows linearly with a size, not with its square, on a machine
/// that is busy with other work (CI runs three test lanes on two cores).
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

  /// Seconds of processor time that the child processes `body` started and waited for took,
  /// user and system, their own waited-for children included (`RUSAGE_CHILDREN`). A cost
  /// measured so does not grow while a child waits for a core: the clock's did, and the
  /// clean-clone `make test` of b3a9691 failed a linear cost at 7.29× (bound 6) because
  /// builds ran beside it, the small size's clock ranging from 1.2 to 3.1 s across rounds.
  /// Tests in this process run one at a time, so the only children reaped meanwhile are
  /// `body`'s.
  public static func childCPUSeconds(_ body: () throws -> Void) rethrows -> Double {
    let before = childrenUsage()
    try body()
    return childrenUsage() - before
  }

  private static func childrenUsage() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_CHILDREN.rawValue, &usage)
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
  }
}
