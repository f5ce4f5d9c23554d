import Operators
import PipeDSL
import TerminalText

/// Draws numbers: a sparkline always, and when they came over time a small chart with a y
/// axis and a time axis.
///
///     ▁▂▄█  4 values · min 1 · max 16
///     16 ┤                      •
///        │
///      1 ┤•      •       •
///        └┬──────────┬──────────┬
///         0s         1s         2s
struct PlotRenderer {
  struct Point {
    var time: Time
    var value: Double
  }

  /// Rows of the chart.
  static let height = 8

  let display: Display

  /// A value's number: itself, or a record's first number field.
  static func point(_ time: Time, _ value: Value) -> Point? {
    if let number = value.number { return Point(time: time, value: number) }
    guard case .record(let record) = value else { return nil }
    return record.fields.lazy.compactMap(\.value.number).first.map { Point(time: time, value: $0) }
  }

  /// The name of a record's first number field, which `point` plots.
  static func field(of value: Value) -> String? {
    guard case .record(let record) = value else { return nil }
    return record.fields.first { $0.value.number != nil }?.key
  }

  /// The lines for `points`; numbers that are not finite (inf, -inf, nan: from `1e308 * 10`
  /// or a server) are left out of the drawing, and a note counts them.
  func lines(for all: [Point], field: String? = nil) -> [String] {
    let points = all.filter(\.value.isFinite)
    let skipped = all.count - points.count
    let note = skipped == 0 ? "" : "; \(skipped) not drawn (inf or nan)"
    guard let low = points.map(\.value).min(), let high = points.map(\.value).max() else {
      return [skipped == 0 ? "(no numbers to plot)" : "(no finite numbers to plot\(note))"]
    }
    let values = points.map(\.value)
    let summary =
      "\(values.count) value\(values.count == 1 ? "" : "s")" + (field.map { " of \($0)" } ?? "")
      + ", min \(Self.format(low)), max \(Self.format(high))" + note
    let spark = Sparkline(bars: display.glyphs.bars).draw(
      values, width: max(8, display.width - summary.displayWidth - 2))
    var lines = [spark + "  " + summary]
    let times = Set(points.map(\.time))
    if times.count > 1, let last = points.map(\.time).max(), last > .zero {
      lines += chart(points, low: low, high: high, duration: last)
    }
    return lines
  }

  /// The chart: y labels, points, and a time axis under them.
  private func chart(_ points: [Point], low: Double, high: Double, duration: Time) -> [String] {
    let glyphs = display.glyphs
    let labels = [Self.format(high), Self.format((low + high) / 2), Self.format(low)]
    let labelWidth = labels.map(\.displayWidth).max() ?? 1
    let frame = Frame(
      origin: labelWidth + 2, width: max(10, display.width - labelWidth - 3), duration: duration)
    var rows = Array(repeating: StyledLine(width: frame.origin), count: Self.height)
    for (index, row) in rows.indices.enumerated() {
      let label =
        index == 0
        ? labels[0] : index == Self.height - 1 ? labels[2] : index == Self.height / 2 ? labels[1] : ""
      rows[row].put(label.leftPadded(toWidth: labelWidth), at: 0, .dim)
      rows[row].put(
        label.isEmpty ? (display.unicode ? "│" : "|") : String(glyphs.axis), at: labelWidth + 1, .dim)
    }
    for point in points {
      let level = Self.level(of: point.value, low: low, high: high)
      let row = Self.height - 1 - Int((level * Double(Self.height - 1)).rounded())
      rows[row].put(String(glyphs.point), at: frame.column(of: point.time), .value)
    }
    return rows.map { $0.rendered(colour: display.colour) } + timeAxis(frame)
  }

  private func timeAxis(_ frame: Frame) -> [String] {
    let glyphs = display.glyphs
    let step = TimeTicks.step(for: frame.duration, columns: frame.width)
    var ruler = StyledLine(width: frame.origin - 1)
    ruler.put(display.unicode ? "└" : "+", at: frame.origin - 1, .dim)
    ruler.fill(frame.origin..<frame.origin + frame.width, with: glyphs.line, .dim)
    var labels = StyledLine()
    TimeTicks.draw(
      through: frame.duration, step: step, mark: glyphs.tick, column: frame.column,
      limit: frame.origin + frame.width + 1, ruler: &ruler, labels: &labels)
    return [ruler.rendered(colour: display.colour), labels.rendered(colour: display.colour)]
  }

  /// Where a chart's columns are: `origin` columns of y labels, then `width` of time.
  private struct Frame {
    var origin: Int
    var width: Int
    var duration: Time

    func column(of time: Time) -> Int {
      origin + Int((Double(time.nanoseconds) / Double(duration.nanoseconds) * Double(width - 1)).rounded())
    }
  }

  /// Where `value` lies between `low` and `high`, from 0 to 1; 0.5 when they are equal.
  static func level(of value: Double, low: Double, high: Double) -> Double {
    guard high > low else { return 0.5 }
    let level = (value / 2 - low / 2) / (high / 2 - low / 2)  // halves: high - low may overflow
    return level.isFinite ? min(1, max(0, level)) : 0.5
  }

  /// A number as a label: an integer without decimals, otherwise at most two.
  static func format(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    let hundredths = (value * 100).rounded() / 100
    return "\(hundredths)"
  }
}

/// A row of bars, one per value (or per bucket of values when there are more than fit).
///
///     Sparkline(bars: Array("▁▂▃▄▅▆▇█")).draw([1, 2, 4, 8], width: 10)  // ▁▂▄█
struct Sparkline {
  let bars: [Character]

  func draw(_ values: [Double], width: Int) -> String {
    let buckets = bucketed(values, into: max(1, width))
    guard let low = buckets.min(), let high = buckets.max() else { return "" }
    return String(
      buckets.map { value in
        let level = PlotRenderer.level(of: value, low: low, high: high)
        return bars[Int((level * Double(bars.count - 1)).rounded())]
      })
  }

  /// The means of `count` equal runs of values, or the values when they fit.
  private func bucketed(_ values: [Double], into count: Int) -> [Double] {
    guard values.count > count else { return values }
    return (0..<count).map { bucket in
      let from = bucket * values.count / count
      let to = max(from + 1, (bucket + 1) * values.count / count)
      let run = values[from..<to]
      return run.reduce(0) { $0 + $1 / Double(run.count) }  // a mean that cannot overflow
    }
  }
}
