import Operators

/// Draws a `Diagram` as a standalone SVG, for slides: the same lanes, axis and legend as
/// the terminal's, with values as coloured marbles, errors as red crosses and completions
/// as bars. Each lane is a `<g class="lane">`, so the file can be restyled or checked.
public struct DiagramSVGRenderer {
  /// Columns of the time axis; a column is `metrics.column` pixels wide.
  public var columns = 96

  public init() {}

  let metrics = SVGMetrics()

  public func render(_ diagram: Diagram) -> String {
    let gutter = Gutter(lanes: diagram.lanes, display: Display(width: 120, unicode: true))
    let layout = TimeLayout(
      lanes: diagram.lanes.map(\.marks), duration: diagram.duration, width: columns, measure: metrics.columns)
    let labels = ValueLabels(drawing: layout)
    let laneX = metrics.margin + Double(gutter.width) * metrics.character
    var legendText = LegendText(
      diagram: diagram, values: labels.legend, display: Display(width: 140, unicode: true),
      drewGroups: layout.drawsGroups, drewMany: layout.drawsMany)
    legendText.errorGlyph = "✕"
    let legend = legendText.lines
    let lanesTop = metrics.margin + metrics.title + metrics.axis
    let height =
      lanesTop + Double(diagram.lanes.count) * metrics.row + Double(legend.count) * metrics.legend
      + metrics.margin
    let width = laneX + Double(max(columns, layout.width)) * metrics.column + metrics.margin
    var svg = SVGDocument(width: width, height: height)
    svg.text(diagram.title, x: metrics.margin, y: metrics.margin + 14, class: "title")
    drawAxis(layout, x: laneX, bottom: lanesTop - 8, into: &svg)
    for (index, lane) in diagram.lanes.enumerated() {
      let y = lanesTop + (Double(index) + 0.5) * metrics.row
      let row = SVGLane(
        lane: lane, tokens: layout.tokens[index], layout: layout, labels: labels, x: laneX, y: y,
        metrics: metrics)
      row.draw(gutter: gutter, into: &svg)
    }
    let legendTop = lanesTop + Double(diagram.lanes.count) * metrics.row + 8
    svg.group([("class", "legend")]) { svg in
      for (index, line) in legend.enumerated() {
        let text = line.rendered(colour: false)
        let y = legendTop + Double(index) * metrics.legend + 10
        svg.text(text, x: metrics.margin, y: y, class: index == legend.count - 1 ? "key" : "meaning")
      }
    }
    return svg.finished(style: metrics.style, title: diagram.title)
  }

  private func drawAxis(_ layout: TimeLayout, x: Double, bottom: Double, into svg: inout SVGDocument) {
    let step = TimeTicks.step(for: layout.duration, columns: max(1, layout.span), spacing: 8)
    let end = x + Double(layout.column(of: layout.duration)) * metrics.column + metrics.column / 2
    svg.group([("class", "axis")]) { svg in
      let start = x + metrics.column / 2
      svg.element("line", metrics.line(start, bottom, max(end, start + 1), bottom))
      var free = -Double.infinity
      let ticks = TimeTicks.ticks(through: layout.duration, step: step)
      for tick in ticks {
        let tickX = x + (Double(layout.column(of: tick)) + 0.5) * metrics.column
        svg.element("line", metrics.line(tickX, bottom - 5, tickX, bottom))
        let label = TimeTicks.label(tick, step: step)
        guard tickX - Double(label.count) * metrics.character / 2 >= free else { continue }
        svg.text(label, x: tickX, y: bottom - 9, class: "tick", anchor: "middle")
        free = tickX + Double(label.count) * metrics.character / 2 + 6
      }
      let length = layout.duration.description
      if ticks.last != layout.duration, end - Double(length.count) * metrics.character >= free {
        svg.text(length, x: end, y: bottom - 9, class: "tick end", anchor: "end")
      }
    }
  }
}
