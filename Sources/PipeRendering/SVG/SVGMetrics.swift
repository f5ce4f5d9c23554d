/// Sizes and colours of the SVG diagram.
struct SVGMetrics {
  /// Width of a character of the 13 px monospace font.
  let character = 7.9
  /// Width of a column of the time axis.
  let column = 10.0
  let row = 36.0
  let margin = 20.0
  let title = 26.0
  let axis = 34.0
  let legend = 19.0
  let radius = 11.0

  /// Columns a token takes on the time axis: a marble needs room for its label, and
  /// one column more, as the first marble of a slot is centred on the slot's column.
  func columns(_ token: Token) -> Int {
    switch token {
    case .subscribed, .disposed, .many: return 1
    case .events: return Int((pixels(token) / column).rounded(.up)) + 1
    }
  }

  /// How wide a token is drawn.
  func pixels(_ token: Token) -> Double {
    switch token {
    case .subscribed, .disposed, .many: return column
    case .events(let kinds):
      let items = kinds.reduce(0) { $0 + columns(item: $1) }
      return Double(kinds.count > 1 ? items + 1 : items) * column
    }
  }

  func columns(item: Mark.Kind?) -> Int {
    guard case .value(let value)? = item else { return 3 }
    let characters = ValueLabels.width(of: value)
    return max(3, Int((Double(characters) * character / column).rounded(.up)) + 2)
  }

  func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> [(String, String)] {
    [
      ("x1", SVGDocument.number(x1)), ("y1", SVGDocument.number(y1)), ("x2", SVGDocument.number(x2)),
      ("y2", SVGDocument.number(y2)),
    ]
  }

  /// The fill of a value's marble, the same for the same label.
  func colour(of label: String) -> String {
    let palette = ["#8ecae6", "#ffb703", "#90be6d", "#f4a6c6", "#b8a1e3", "#f9c74f", "#80cfa9", "#f6bd60"]
    let hash = label.unicodeScalars.reduce(5381) { ($0 &* 33 &+ Int($1.value)) & 0xFFFF_FFFF }
    return palette[hash % palette.count]
  }

  let style = """
        .background { fill: #ffffff; }
        text { font-family: 'DejaVu Sans Mono', Menlo, Consolas, monospace; font-size: 13px; fill: #1d2330; white-space: pre; }
        .title { font-weight: bold; font-size: 14px; }
        .label { font-weight: bold; }
        .tree, .number { fill: #8a6d00; }
        .tree { fill: #9aa3b2; }
        .axis line { stroke: #9aa3b2; stroke-width: 1; }
        .tick { fill: #6b7385; font-size: 11px; }
        .end { font-weight: bold; }
        .life { stroke: #4a5468; stroke-width: 2; }
        .subscribe { stroke: #4a5468; stroke-width: 1.5; fill: none; }
        .marble { stroke: #1d2330; stroke-width: 1.5; }
        .marble-label { font-size: 12px; font-weight: bold; }
        .many { fill: #8ecae6; stroke: #1d2330; stroke-width: 1; }
        .instant { fill: #eef1f6; stroke: #c9cfda; stroke-width: 1; }
        .error { stroke: #d62828; stroke-width: 3; stroke-linecap: round; }
        .complete { stroke: #1d2330; stroke-width: 3; }
        .dispose { fill: #e76f00; font-weight: bold; font-size: 16px; }
        .skipped, .note, .key { fill: #6b7385; }
        .meaning { fill: #1d2330; }
    """
}
