import Operators
import TerminalText

/// One lane of the SVG diagram: its gutter text, its line while subscribed, its marks.
struct SVGLane {
  let lane: Lane
  let tokens: [Int: [Token]]
  let layout: TimeLayout
  let labels: ValueLabels
  /// Where the time axis starts, and the lane's middle.
  let x: Double
  let y: Double
  let metrics: SVGMetrics

  func draw(gutter: Gutter, into svg: inout SVGDocument) {
    var attributes = [("class", "lane"), ("data-node", String(lane.node))]
    if case .subscription(let number, _) = lane.kind {
      attributes.append(("data-subscription", String(number)))
    }
    svg.group(attributes) { svg in
      drawGutter(gutter, into: &svg)
      switch lane.kind {
      case .omitted(let count):
        svg.text("\(count) more subscription\(count == 1 ? "" : "s")", x: x, y: y + 4, class: "note")
      case .idle:
        svg.text("not subscribed", x: x, y: y + 4, class: "note")
      case .subscription:
        let placed = placements()
        drawLine(placed, into: &svg)
        for item in placed { draw(item.token, left: item.left, into: &svg) }
      }
    }
  }

  /// Where each token goes, in pixels: a slot's first token is centred on the slot's
  /// column, so marbles stand right under their tick; the rest follow it.
  private func placements() -> [(token: Token, left: Double)] {
    var result: [(token: Token, left: Double)] = []
    for (slot, drawn) in tokens.sorted(by: { $0.key < $1.key }) {
      let anchor = px(layout.slots[slot].x) + metrics.column / 2
      var cursor: Double?
      for token in drawn {
        let width = metrics.pixels(token)
        let left = cursor ?? anchor - width / 2
        result.append((token, left))
        cursor = left + width
      }
    }
    return result
  }

  private func drawGutter(_ gutter: Gutter, into svg: inout SVGDocument) {
    let glyphs = Glyphs.unicode
    let prefix = Gutter.prefix(lane, glyphs)
    let left = metrics.margin
    if prefix.contains(where: { $0 != " " }) { svg.text(prefix, x: left, y: y + 4, class: "tree") }
    if lane.isFirstOfStage {
      let label = lane.label.truncated(
        toWidth: max(1, gutter.labelWidth - prefix.displayWidth), ellipsis: "…")
      svg.text(label, x: left + Double(prefix.displayWidth) * metrics.character, y: y + 4, class: "label")
    }
    let number = Gutter.number(lane, glyphs)
    if !number.isEmpty {
      let right = left + Double(gutter.labelWidth + 1 + gutter.numberWidth) * metrics.character
      svg.text(number, x: right, y: y + 4, class: "number", anchor: "end")
    }
  }

  private func px(_ column: Int) -> Double { x + Double(column) * metrics.column }

  /// The line from `^` to the stop event or `!`, or on to the end of the run.
  private func drawLine(_ placed: [(token: Token, left: Double)], into svg: inout SVGDocument) {
    guard let start = placed.first(where: { $0.token == .subscribed }) else { return }
    let from = start.left + metrics.column / 2
    var to = px(layout.column(of: layout.duration)) + metrics.column / 2
    if let end = placed.last(where: { $0.token.ends }) {
      to = end.left + metrics.pixels(end.token) / 2
    }
    svg.element("line", [("class", "life")] + metrics.line(from, y, max(to, from + 1), y))
  }

  private func draw(_ token: Token, left: Double, into svg: inout SVGDocument) {
    let centre = left + metrics.pixels(token) / 2
    switch token {
    case .subscribed:
      let points = "\(n(centre - 4)),\(n(y + 11)) \(n(centre)),\(n(y + 4)) \(n(centre + 4)),\(n(y + 11))"
      svg.element("polyline", [("class", "subscribe"), ("points", points)])
    case .disposed:
      svg.text("!", x: centre, y: y + 6, class: "dispose", anchor: "middle")
    case .many(let count):
      svg.element(
        "circle",
        [("class", "many"), ("cx", n(centre)), ("cy", n(y)), ("r", "4"), ("data-count", "\(count)")])
    case .events(let kinds):
      drawEvents(kinds, left: left, into: &svg)
    }
  }

  private func drawEvents(_ kinds: [Mark.Kind?], left: Double, into svg: inout SVGDocument) {
    var left = left
    if kinds.count > 1 {
      let width = metrics.pixels(.events(kinds))
      svg.element(
        "rect",
        [
          ("class", "instant"), ("x", n(left)), ("y", n(y - metrics.radius - 4)), ("width", n(width)),
          ("height", n(2 * metrics.radius + 8)), ("rx", "8"),
        ])
      left += metrics.column / 2
    }
    for kind in kinds {
      let width = Double(metrics.columns(item: kind)) * metrics.column
      drawItem(kind, centre: left + width / 2, width: width, into: &svg)
      left += width
    }
  }

  private func drawItem(_ kind: Mark.Kind?, centre: Double, width: Double, into svg: inout SVGDocument) {
    let r = metrics.radius
    switch kind {
    case .value(let value)?:
      let label = labels[value]
      let shape = max(2 * r, width - 6)
      svg.element(
        "rect",
        [
          ("class", "marble"), ("x", n(centre - shape / 2)), ("y", n(y - r)), ("width", n(shape)),
          ("height", n(2 * r)), ("rx", n(r)), ("fill", metrics.colour(of: label)),
        ])
      svg.text(label, x: centre, y: y + 4, class: "marble-label", anchor: "middle")
    case .error?:
      let d = r * 0.7
      svg.element("line", [("class", "error")] + metrics.line(centre - d, y - d, centre + d, y + d))
      svg.element("line", [("class", "error")] + metrics.line(centre - d, y + d, centre + d, y - d))
    case .completed?:
      svg.element("line", [("class", "complete")] + metrics.line(centre, y - r, centre, y + r))
    case .subscribed?, .disposed?, nil:
      svg.text("…", x: centre, y: y + 4, class: "skipped", anchor: "middle")
    }
  }

  private func n(_ value: Double) -> String { SVGDocument.number(value) }
}
