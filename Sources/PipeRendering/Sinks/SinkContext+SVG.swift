import Foundation
import PipeDSL

extension SinkContext {
  /// The statement without its sink (`| marbles ...`, `| plot ...`), as a drawing's title.
  var drawingTitle: String {
    let text = statement.text
    guard let sink = graph.nodes.last(where: { $0.role == .sink && $0.parent == nil }),
      let range = text.range(of: sink.label, options: .backwards)
    else { return text }
    let head = text[..<range.lowerBound].trimmingCharacters(in: .whitespaces)
    return head.hasSuffix("|") ? String(head.dropLast()).trimmingCharacters(in: .whitespaces) : text
  }

  /// Writes an SVG drawing to `path` as the person allowed (`TextFile`), with no secret's
  /// value in it; a file not written is an error line.
  func writeSVG(_ svg: String, to path: String) {
    // A file leaves the engine as text too: no secret's value in it.
    let redacted = runtime.redactor.redact(svg)
    if let problem = TextFile.write(redacted, to: path, permissions: runtime.permissions) {
      runtime.output.errorLine("error: " + problem)
    }
  }
}
