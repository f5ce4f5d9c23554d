import Operators
import TerminalText

/// Draws a `clients` run's load on the terminal: attempts per second as bars, first tries
/// stacked under retries, on a time axis in seconds, with the capacity as a dotted line and
/// the outage marked under the axis. A second gets up to four columns; when there are more
/// seconds than columns, a column is the mean of several.
///
///     attempts per second at the service: 20 first tries, 40 retries, peak 20
///     20 ┤ ░░░░
///     10 ┤┄░░░░┄┄┄┄
///        │██
///      0 └┬───┬───┬
///         0s  1s  2s
///         ├─┤
///     █ first tries  ░ retries  ┄ capacity 10/s  ├┤ outage until 1s
struct LoadChart {
  /// Rows of bars.
  static let height = 10

  let display: Display

  private var firstGlyph: Character { display.unicode ? "█" : "#" }
  private var retryGlyph: Character { display.unicode ? "░" : ":" }
  private var capacityGlyph: Character { display.unicode ? "┄" : "-" }
  private var ends: (String, String) { display.unicode ? ("├", "┤") : ("|", "|") }

  /// Where the bars go: `slots` bars of `width` columns from `origin`, each the mean of
  /// `seconds` seconds.
  struct Layout {
    var origin: Int
    var slots: Int
    var width: Int
    var seconds: Int

    init(seconds total: Int, origin: Int, columns: Int) {
      self.origin = origin
      let room = max(1, columns)
      seconds = max(1, (total + room - 1) / room)
      slots = (total + seconds - 1) / seconds
      width = seconds == 1 ? max(1, min(4, room / max(1, total))) : 1
    }

    /// The column where `time` falls.
    func column(of time: Time) -> Int {
      let second = Double(time.nanoseconds) / 1e9
      return origin + Int((second / Double(seconds)).rounded(.down)) * width
    }

    /// The mean per second of each slot of `counts`.
    func means(_ counts: [Int]) -> [Double] {
      (0..<slots).map { slot in
        let run = counts[(slot * seconds)..<min(counts.count, (slot + 1) * seconds)]
        return run.reduce(0.0) { $0 + Double($1) } / Double(run.count)
      }
    }
  }

  func lines(for load: ServiceLoad) -> [String] {
    guard load.seconds > 0 else { return [load.heading, "(no attempts reached the service)"] }
    let capacityLabel = load.capacity.map { PlotRenderer.format(Double($0)) }
    // The busiest second's label is the widest a mean of several can have.
    let labelWidth = [String(load.top), capacityLabel ?? "", "0"].map(\.displayWidth).max() ?? 1
    let layout = Layout(
      seconds: load.seconds, origin: labelWidth + 2, columns: display.width - labelWidth - 3)
    let first = layout.means(load.firstTries)
    let retries = layout.means(load.retries)
    let totals = zip(first, retries).map(+)
    let top = max(totals.max() ?? 0, Double(load.capacity ?? 0), 1)
    let topLabel = PlotRenderer.format(top.rounded())
    let level = { (value: Double) in Int((value / top * Double(Self.height)).rounded()) }
    let capacityRow = load.capacity.map { Self.height - max(1, level(Double($0))) }
    var rows = (0..<Self.height).map { row in
      var line = StyledLine()
      let label = row == 0 ? topLabel : row == capacityRow ? capacityLabel ?? "" : ""
      line.put(label.leftPadded(toWidth: labelWidth), at: 0, .dim)
      line.put(
        label.isEmpty ? (display.unicode ? "│" : "|") : String(display.glyphs.axis), at: labelWidth + 1, .dim)
      return line
    }
    for slot in 0..<layout.slots {
      let total = totals[slot]
      let height = total > 0 ? max(1, level(total)) : 0
      let firstHeight = total > 0 ? Int((Double(height) * first[slot] / total).rounded()) : 0
      let columns = (layout.origin + slot * layout.width)..<(layout.origin + (slot + 1) * layout.width)
      for row in 0..<Self.height where Self.height - row <= height {
        let isFirst = Self.height - row <= firstHeight
        rows[row].fill(columns, with: isFirst ? firstGlyph : retryGlyph, isFirst ? .value : .attempt)
      }
      if let capacityRow, Self.height - capacityRow > height {
        rows[capacityRow].fill(columns, with: capacityGlyph, .warning)
      }
    }
    return [load.heading] + rows.map { $0.rendered(colour: display.colour) }
      + axis(layout, labelWidth: labelWidth, seconds: load.seconds) + outageLine(load, layout)
      + [legend(load).rendered(colour: display.colour)]
  }

  /// The ruler, `0` at its corner, and the seconds under it.
  private func axis(_ layout: Layout, labelWidth: Int, seconds: Int) -> [String] {
    let glyphs = display.glyphs
    let end = layout.origin + layout.slots * layout.width
    var ruler = StyledLine()
    ruler.put("0".leftPadded(toWidth: labelWidth), at: 0, .dim)
    ruler.put(display.unicode ? "└" : "+", at: layout.origin - 1, .dim)
    ruler.fill(layout.origin..<end, with: glyphs.line, .dim)
    var labels = StyledLine()
    let duration = Time.seconds(seconds)
    let step = max(.seconds(1), TimeTicks.step(for: duration, columns: end - layout.origin, spacing: 4))
    TimeTicks.draw(
      through: duration, step: step, mark: glyphs.tick, column: layout.column, limit: end + 3,
      ruler: &ruler, labels: &labels)
    return [ruler.rendered(colour: display.colour), labels.rendered(colour: display.colour)]
  }

  /// `├─ outage ─┤` under the seconds the service was down; none without an outage.
  private func outageLine(_ load: ServiceLoad, _ layout: Layout) -> [String] {
    guard let outage = load.outage else { return [] }
    let start = layout.origin
    let end = max(start + 2, min(layout.column(of: outage), layout.origin + layout.slots * layout.width))
    var line = StyledLine()
    line.fill(start..<end, with: display.glyphs.line, .error)
    line.put(ends.0, at: start, .error)
    line.put(ends.1, at: end - 1, .error)
    let word = " outage "
    if end - start >= word.count + 4 { line.put(word, at: start + (end - start - word.count) / 2, .error) }
    return [line.rendered(colour: display.colour)]
  }

  private func legend(_ load: ServiceLoad) -> StyledLine {
    var line = StyledLine()
    line.append(String(firstGlyph), .value)
    line.append(" first tries  ")
    line.append(String(retryGlyph), .attempt)
    line.append(" retries")
    if let capacity = load.capacity {
      line.append("  ")
      line.append(String(capacityGlyph), .warning)
      line.append(" capacity \(capacity)/s")
    }
    if let outage = load.outage {
      line.append("  ")
      line.append(ends.0 + ends.1, .error)
      line.append(" outage until \(outage)")
    }
    return line
  }
}
