/// A small writer of SVG elements: attributes in order, text escaped.
///
///     var svg = SVGDocument(width: 100, height: 40)
///     svg.text("a < b", x: 10, y: 20, class: "label")
///     svg.finished  // <svg xmlns=...>...<text x="10" y="20" class="label">a &lt; b</text></svg>
struct SVGDocument {
  private(set) var body: [String] = []
  private var indent = 1
  let width: Double
  let height: Double

  init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// An empty element: `<line x1="0" .../>`.
  mutating func element(_ name: String, _ attributes: [(String, String)]) {
    body.append(pad + "<\(name)\(Self.attributes(attributes))/>")
  }

  mutating func text(_ content: String, x: Double, y: Double, class name: String, anchor: String? = nil) {
    var attributes = [("x", Self.number(x)), ("y", Self.number(y)), ("class", name)]
    if let anchor { attributes.append(("text-anchor", anchor)) }
    body.append(pad + "<text\(Self.attributes(attributes))>\(Self.escape(content))</text>")
  }

  /// A `<g>` around what `content` writes.
  mutating func group(_ attributes: [(String, String)], _ content: (inout SVGDocument) -> Void) {
    body.append(pad + "<g\(Self.attributes(attributes))>")
    indent += 1
    content(&self)
    indent -= 1
    body.append(pad + "</g>")
  }

  /// The whole document, with a white background and `style` in a `<style>` element.
  func finished(style: String, title: String) -> String {
    let size = "width=\"\(Self.number(width))\" height=\"\(Self.number(height))\""
    let header = [
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
      "<svg xmlns=\"http://www.w3.org/2000/svg\" \(size) viewBox=\"0 0 \(Self.number(width)) \(Self.number(height))\">",
      "  <title>\(Self.escape(title))</title>",
      "  <style>\n\(style)\n  </style>",
      "  <rect width=\"100%\" height=\"100%\" class=\"background\"/>",
    ]
    return (header + body + ["</svg>", ""]).joined(separator: "\n")
  }

  private var pad: String { String(repeating: "  ", count: indent) }

  private static func attributes(_ attributes: [(String, String)]) -> String {
    attributes.map { " \($0.0)=\"\(escape($0.1))\"" }.joined()
  }

  /// A coordinate with at most one decimal.
  static func number(_ value: Double) -> String {
    let tenths = (value * 10).rounded() / 10
    return tenths == tenths.rounded() ? String(Int(tenths)) : String(tenths)
  }

  static func escape(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      default: result.append(character)
      }
    }
    return result
  }
}
