import Operators
import TerminalText

/// Prints the delays a retry strategy would use, without running anything, as
/// `:schedule STRATEGY [retryAfter D]` shows them: for each resubscription, the wait before it, the time
/// spent waiting so far, and, with jitter, the range the wait is drawn from.
///
///     binaryExponential(1s, times: 3)
///     attempt  wait  starts at
///           1  —     0s
///           2  2s    2s
///           3  4s    6s
///           4  8s    14s
///     if attempt 4 fails too, the error is passed on
///     (times count the waits only, as if every attempt failed at once)
public enum SchedulePrinter {
  /// The most resubscriptions listed.
  static let maxRows = 20

  /// The schedule of `strategy`, headed by `title` (the strategy as it was written); with
  /// `retryAfter`, no wait is shorter than it, as when every error says `Retry-After`.
  public static func lines(
    for strategy: RetryStrategy, seed: UInt64, title: String? = nil, unicode: Bool = true,
    retryAfter: Time? = nil
  ) -> [String] {
    let (dash, ellipsis) = unicode ? ("—", "…") : ("-", "...")
    var schedule = strategy.makeSchedule(seed: seed)
    let jittered = (1...max(1, strategy.times)).contains { attempt in
      strategy.bounds(attempt: attempt).map { $0.lowerBound != $0.upperBound } ?? false
    }
    var rows: [[String]] = [["attempt", "wait", "starts at"] + (jittered ? ["drawn from"] : [])]
    rows.append(["1", dash, "0s"] + (jittered ? [""] : []))
    var total = Time.zero
    var error = 0
    while let drawn = schedule.next() {
      let delay = retryAfter.map { max(drawn, $0) } ?? drawn
      error += 1
      total = total + delay
      guard error < maxRows else { continue }
      let bounds =
        strategy.bounds(attempt: error).map { "\($0.lowerBound) \(ellipsis) \($0.upperBound)" } ?? ""
      rows.append(["\(error + 1)", delay.description, total.description] + (jittered ? [bounds] : []))
    }
    var lines = [(title ?? strategy.description) + (jittered ? ", seed \(seed)" : "")] + table(rows)
    if error >= maxRows {
      lines.append("\(ellipsis) \(error - maxRows + 1) more, \(total) of waiting in all")
    }
    if let retryAfter {
      lines.append("no wait is shorter than the Retry-After of \(retryAfter) (set retryAfter off ignores it)")
    }
    lines.append("if attempt \(error + 1) fails too, the error is passed on")
    lines.append("(times count the waits only, as if every attempt failed at once)")
    return lines
  }

  /// Columns two spaces apart, the first right-aligned.
  private static func table(_ rows: [[String]]) -> [String] {
    let widths = rows[0].indices.map { column in rows.map { $0[column].displayWidth }.max() ?? 0 }
    return rows.map { row in
      row.enumerated().map { column, cell in
        column == 0 ? cell.leftPadded(toWidth: widths[0]) : cell.padded(toWidth: widths[column])
      }.joined(separator: "  ").trimmingTrailingSpaces()
    }
  }
}

extension String {
  func trimmingTrailingSpaces() -> String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}
