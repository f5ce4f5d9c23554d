import Operators

/// Draws a `clients` run's load as a standalone SVG, as `plot svg: "FILE"` writes it: a bar per
/// second (`<g class="bar">`, first tries `rect.first` under retries `rect.retry`), the outage
/// shaded behind them, the capacity as a dashed line, an axis in seconds and a legend.
struct LoadSVGRenderer {
  let metrics = SVGMetrics()
  /// The bars' height, and the most width they take.
  let chartHeight = 240.0
  let chartWidth = 720.0
  /// Room left of the bars for the y labels.
  let labelRoom = 56.0

  func render(_ load: ServiceLoad, title: String) -> String {
    let seconds = max(1, load.seconds)
    let bar = max(1, min(24, (chartWidth / Double(seconds)).rounded(.down)))
    let left = metrics.margin + labelRoom
    let top = metrics.margin + metrics.title + metrics.legend + 10
    let bottom = top + chartHeight
    let scale = Double(load.top)
    let height = { (count: Int) in Double(count) / scale * self.chartHeight }
    let x = { (second: Double) in left + second * bar }
    var svg = SVGDocument(
      width: left + Double(seconds) * bar + metrics.margin * 2,
      height: bottom + metrics.axis + metrics.legend + metrics.margin)
    svg.text(title, x: metrics.margin, y: metrics.margin + 14, class: "title")
    svg.text(load.heading, x: metrics.margin, y: metrics.margin + metrics.title + 10, class: "meaning")
    if let outage = load.outage {
      let end = x(min(Double(seconds), Double(outage.nanoseconds) / 1e9))
      svg.group([("class", "outage")]) { svg in
        svg.element("rect", Self.box(x: left, y: top, width: end - left, height: chartHeight))
        svg.text("outage", x: (left + end) / 2, y: top + 14, class: "note", anchor: "middle")
      }
    }
    svg.group([("class", "bars")]) { svg in
      for second in 0..<load.seconds {
        let first = height(load.firstTries[second])
        let retry = height(load.retries[second])
        svg.group([("class", "bar")]) { svg in
          svg.element(
            "rect",
            Self.box(x: x(Double(second)), y: bottom - first, width: bar, height: first) + [
              ("class", "first")
            ])
          svg.element(
            "rect",
            Self.box(x: x(Double(second)), y: bottom - first - retry, width: bar, height: retry)
              + [("class", "retry")])
        }
      }
    }
    if let capacity = load.capacity {
      let y = bottom - height(capacity)
      svg.element("line", metrics.line(left, y, x(Double(seconds)), y) + [("class", "capacity")])
      svg.text("capacity \(capacity)/s", x: x(Double(seconds)), y: y - 4, class: "tick", anchor: "end")
    }
    drawAxis(load, left: left, bottom: bottom, bar: bar, into: &svg)
    drawLegend(load, y: bottom + metrics.axis + 4, into: &svg)
    return svg.finished(style: metrics.style + "\n" + Self.style, title: title)
  }

  private func drawAxis(
    _ load: ServiceLoad, left: Double, bottom: Double, bar: Double, into svg: inout SVGDocument
  ) {
    let seconds = max(1, load.seconds)
    let right = left + Double(seconds) * bar
    svg.group([("class", "axis")]) { svg in
      svg.element("line", metrics.line(left, bottom, right, bottom))
      svg.element("line", metrics.line(left, bottom - chartHeight, left, bottom))
      svg.text(String(load.top), x: left - 6, y: bottom - chartHeight + 4, class: "tick", anchor: "end")
      svg.text("0", x: left - 6, y: bottom + 4, class: "tick", anchor: "end")
      let duration = Time.seconds(seconds)
      let step = max(.seconds(1), TimeTicks.step(for: duration, columns: Int(right - left), spacing: 48))
      for tick in TimeTicks.ticks(through: duration, step: step) {
        let tickX = left + Double(tick.nanoseconds) / 1e9 * bar
        svg.element("line", metrics.line(tickX, bottom, tickX, bottom + 5))
        svg.text(TimeTicks.label(tick, step: step), x: tickX, y: bottom + 18, class: "tick", anchor: "middle")
      }
    }
  }

  private func drawLegend(_ load: ServiceLoad, y: Double, into svg: inout SVGDocument) {
    var items = [("first", "first tries"), ("retry", "retries")]
    if let capacity = load.capacity { items.append(("capacity", "capacity \(capacity)/s")) }
    if let outage = load.outage { items.append(("outage", "outage until \(outage)")) }
    svg.group([("class", "legend")]) { svg in
      var x = metrics.margin
      for (kind, text) in items {
        svg.element("rect", Self.box(x: x, y: y, width: 12, height: 12) + [("class", "key-" + kind)])
        svg.text(text, x: x + 18, y: y + 11, class: "meaning")
        x += 18 + Double(text.count) * metrics.character + 18
      }
    }
  }

  private static func box(x: Double, y: Double, width: Double, height: Double) -> [(String, String)] {
    [
      ("x", SVGDocument.number(x)), ("y", SVGDocument.number(y)), ("width", SVGDocument.number(width)),
      ("height", SVGDocument.number(height)),
    ]
  }

  static let style = """
        .first, .key-first { fill: #219ebc; }
        .retry, .key-retry { fill: #ffb703; }
        .capacity { stroke: #d62828; stroke-width: 1.5; stroke-dasharray: 6 4; }
        .key-capacity { fill: #d62828; }
        .outage rect, .key-outage { fill: #fde2e2; }
    """
}
