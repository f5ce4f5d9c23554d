import Operators

/// Round times for the ticks of a time axis, and their short labels.
///
///     TimeTicks.step(for: .seconds(19), columns: 60)  // 5s: 0s 5s 10s 15s
///     TimeTicks.label(.seconds(90), step: .seconds(30))  // 1m30s
enum TimeTicks {
  /// The steps an axis may use, from a millisecond to a day.
  static let steps: [Time] =
    [1, 2, 5, 10, 20, 50, 100, 200, 250, 500].map { Time.milliseconds($0) }
    + [1, 2, 5, 10, 15, 30].map { Time.seconds($0) }
    + [1, 2, 5, 10, 15, 30].map { Time.seconds($0 * 60) }
    + [1, 2, 3, 6, 12, 24].map { Time.seconds($0 * 3600) }

  /// The smallest step whose ticks stand at least `spacing` columns apart when `duration`
  /// takes `columns` columns.
  static func step(for duration: Time, columns: Int, spacing: Int = 9) -> Time {
    guard duration > .zero, columns > 0 else { return steps[0] }
    let perColumn = Double(duration.nanoseconds) / Double(columns)
    let wanted = perColumn * Double(spacing)
    if let step = steps.first(where: { Double($0.nanoseconds) >= wanted }) { return step }
    let day = Double(steps.last!.nanoseconds)
    return Time(nanoseconds: Int64((wanted / day).rounded(.up) * day))
  }

  /// The ticks from 0 through `duration`, `step` apart.
  static func ticks(through duration: Time, step: Time) -> [Time] {
    guard duration > .zero else { return [.zero] }
    let count = Int(duration.nanoseconds / step.nanoseconds)
    return (0...count).map { step * Int64($0) }
  }

  /// Puts a tick mark on `ruler` for every tick, at `column(tick)`, and its label on
  /// `labels` where it runs neither into the one before nor past `limit` (a label that
  /// would ends at its tick instead); with `showsEnd`, the run's length
  /// too, ending at its column, when that is not a tick and there is room.
  static func draw(
    through duration: Time, step: Time, mark: Character, column: (Time) -> Int, limit: Int,
    ruler: inout StyledLine, labels: inout StyledLine, showsEnd: Bool = false
  ) {
    var free = 0
    let ticks = ticks(through: duration, step: step)
    for tick in ticks {
      let at = column(tick)
      ruler.put(String(mark), at: at, .dim)
      let label = label(tick, step: step)
      let start = at + label.count > limit ? at - label.count + 1 : at
      guard start >= free else { continue }
      labels.put(label, at: start, .dim)
      free = start + label.count + 1
    }
    guard showsEnd, ticks.last != duration else { return }
    let end = duration.description
    let at = min(column(duration) + 1, limit) - end.count
    if at > free { labels.put(end, at: at, .dim) }
  }

  /// A tick's label in the step's unit: `250ms`, `1.25s`, `1m30s`, `2h`.
  static func label(_ time: Time, step: Time) -> String {
    let ms = time.nanoseconds / 1_000_000
    if step < .seconds(1) {
      if time < .seconds(1) { return "\(ms)ms" }
      return trimmed(Double(ms) / 1000) + "s"
    }
    let seconds = ms / 1000
    if step < .seconds(60) {
      return seconds < 60 ? "\(seconds)s" : compound(seconds / 60, "m", seconds % 60, "s")
    }
    let minutes = seconds / 60
    if step < .seconds(3600) {
      return minutes < 60 ? "\(minutes)m" : compound(minutes / 60, "h", minutes % 60, "m")
    }
    return "\(minutes / 60)h"
  }

  private static func compound(_ big: Int64, _ bigUnit: String, _ small: Int64, _ smallUnit: String) -> String
  {
    small == 0 ? "\(big)\(bigUnit)" : "\(big)\(bigUnit)\(small)\(smallUnit)"
  }

  private static func trimmed(_ value: Double) -> String {
    var text = String(format3: value)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }
}

extension String {
  /// A number with three decimals, without Foundation.
  fileprivate init(format3 value: Double) {
    let thousandths = Int64((value * 1000).rounded())
    let fraction = String(thousandths % 1000)
    self = "\(thousandths / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
  }
}
