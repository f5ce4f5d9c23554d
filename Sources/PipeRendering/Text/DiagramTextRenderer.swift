import Operators
import TerminalText

/// Draws a `Diagram` as lines of text: a time axis, a lane per subscription with the
/// stage's text in a gutter, and a legend.
///
///                                    0s          5s           10s          15s
///                                    ┬───────────┬────────────┬────────────┬─────
///     cold "-#"                   1  ^#
///                                ↻2     ^#
///     retryWhen backoff(1,3,5,10)    ^──────────────────────────────────────────#
public struct DiagramTextRenderer {
  public var display: Display
  /// Whether the last line explains the glyphs (`^ subscribe  # error ...`).
  public var showsKey = true

  public init(display: Display) { self.display = display }

  var glyphs: Glyphs { display.glyphs }

  /// The diagram's lines, without trailing newlines.
  public func render(_ diagram: Diagram) -> [String] {
    let gutter = Gutter(lanes: diagram.lanes, display: display)
    let layout = TimeLayout(
      lanes: diagram.lanes.map(\.marks), duration: diagram.duration,
      width: max(10, display.width - gutter.width)
    ) { $0.width(glyphs) }
    let labels = ValueLabels(drawing: layout)
    var lines = axis(layout, at: gutter.width)
    for (index, lane) in diagram.lanes.enumerated() {
      var line = gutter.line(for: lane)
      draw(lane, tokens: layout.tokens[index], layout: layout, labels: labels, at: gutter.width, into: &line)
      lines.append(line)
    }
    lines +=
      LegendText(
        diagram: diagram, values: labels.legend, display: display, showsKey: showsKey,
        drewGroups: layout.drawsGroups, drewMany: layout.drawsMany
      ).lines
    return lines.map { $0.rendered(colour: display.colour) }
  }

  /// The tick labels and the ruler under them, from column `origin`.
  func axis(_ layout: TimeLayout, at origin: Int) -> [StyledLine] {
    let step = TimeTicks.step(for: layout.duration, columns: max(1, layout.span))
    var labels = StyledLine(width: origin)
    var ruler = StyledLine(width: origin)
    ruler.fill(origin..<origin + max(1, layout.column(of: layout.duration) + 1), with: glyphs.line, .dim)
    TimeTicks.draw(
      through: layout.duration, step: step, mark: glyphs.tick, column: { origin + layout.column(of: $0) },
      limit: max(display.width, origin + layout.width), ruler: &ruler, labels: &labels, showsEnd: true)
    return [labels, ruler]
  }

  /// Draws one lane's line and its events from column `origin`.
  private func draw(
    _ lane: Lane, tokens: [Int: [Token]], layout: TimeLayout, labels: ValueLabels, at origin: Int,
    into line: inout StyledLine
  ) {
    switch lane.kind {
    case .omitted(let count):
      line.put("\(count) more subscription\(count == 1 ? "" : "s")", at: origin, .dim)
      return
    case .idle:
      line.put("not subscribed", at: origin, .dim)
      return
    case .subscription:
      break
    }
    if let start = lane.marks.first(where: { $0.kind == .subscribed }) {
      let end = lane.marks.last(where: { $0.isStop || $0.kind == .disposed })?.time ?? layout.duration
      let from = layout.column(of: start.time)
      line.fill(origin + from..<origin + layout.column(of: end) + 1, with: glyphs.line, .dim)
    }
    for (slot, drawn) in tokens {
      var column = origin + layout.slots[slot].x
      for token in drawn {
        for (text, style) in styled(token, labels) {
          line.put(text, at: column, style)
          column += text.displayWidth
        }
      }
    }
  }

  /// A token's text in pieces, each with its colour.
  func styled(_ token: Token, _ labels: ValueLabels) -> [(String, TextStyle)] {
    switch token {
    case .subscribed: return [("^", .subscribed)]
    case .disposed: return [("!", .disposed)]
    case .many: return [(String(glyphs.many), .value)]
    case .events(let kinds) where kinds.count == 1:
      return [(kinds[0].map { Token.glyph($0, labels) } ?? glyphs.ellipsis, kinds[0].map(Self.style) ?? .dim)]
    case .events(let kinds):
      var pieces: [(String, TextStyle)] = [("(", .dim)]
      for (index, kind) in kinds.enumerated() {
        if index > 0 && Token.separates(kinds[index - 1], kind) { pieces.append((",", .dim)) }
        pieces.append((kind.map { Token.glyph($0, labels) } ?? glyphs.ellipsis, kind.map(Self.style) ?? .dim))
      }
      return pieces + [(")", .dim)]
    }
  }

  static func style(_ kind: Mark.Kind) -> TextStyle {
    switch kind {
    case .value: return .value
    case .error: return .error
    case .completed: return .success
    case .subscribed: return .subscribed
    case .disposed: return .disposed
    }
  }
}
