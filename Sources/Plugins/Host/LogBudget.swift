/// How much of what a plugin logs (its stderr lines and `log` messages) is echoed to the user.
///
/// A plugin may write without end; pipe must not keep it all. Lines are echoed within a budget
/// of bytes that fills again with time (a burst of 128 KiB, then 8 KiB a second; a short line
/// counts as 128 bytes). Once a line is over it, the log stays quiet until the budget is half
/// full again; the lines left out meanwhile are counted, and the count is said before the next
/// line echoed, or when the plugin's output ends. The last line is kept whatever the budget,
/// for the error message if the plugin fails.
///
///     var budget = LogBudget()
///     budget.take("starting", now: 0)        // ["starting"]
///     (1...5000).map { budget.take("x", now: 0) }.last   // []: over the burst
///     budget.take("y", now: 8_000_000_000)   // ["(3977 lines of its log left out)", "y"]
struct LogBudget {
  static let burst = 128 << 10
  static let perSecond = 8 << 10
  static let smallestCost = 128
  /// How much of the last line is kept for an error message.
  static let lastLineLimit = 200

  private var available = Double(burst)
  private var refilled: UInt64?
  private var leftOut = 0
  /// The last non-empty line, cut to `lastLineLimit` characters.
  private(set) var lastLine: String?

  /// The lines to echo for `line` read at `now` (nanoseconds): none when it is over the budget;
  /// before it, the count of the lines left out since the last one echoed.
  mutating func take(_ line: String, now: UInt64) -> [String] {
    if !line.isEmpty {
      lastLine = line.count > Self.lastLineLimit ? line.prefix(Self.lastLineLimit) + "…" : line
    }
    refill(now)
    let cost = Double(max(Self.smallestCost, line.utf8.count))
    guard cost <= available, leftOut == 0 || available >= Double(Self.burst / 2) else {
      leftOut += 1
      return []
    }
    available -= cost
    return (finish().map { [$0] } ?? []) + [line]
  }

  /// The count of the lines left out and not yet said, if any (at the end of the output).
  mutating func finish() -> String? {
    guard leftOut > 0 else { return nil }
    defer { leftOut = 0 }
    return "(\(leftOut) line\(leftOut == 1 ? "" : "s") of its log left out)"
  }

  private mutating func refill(_ now: UInt64) {
    if let refilled {
      let seconds = Double(now &- refilled) / 1e9
      available = min(Double(Self.burst), available + seconds * Double(Self.perSecond))
    }
    refilled = now
  }
}
