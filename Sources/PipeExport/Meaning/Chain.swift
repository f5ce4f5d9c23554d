/// A chain of operator calls on a source, as a writer builds it, and its layout: one link
/// a line with a leading dot in Swift, the links of a `pipe(...)` in RxJS.
///
///     Chain(head: "cold(\"-a-#\")", links: [.init(".retry(2)", comment: "3 attempts in all")])
///     // cold("-a-#")
///     //     .retry(2)  // 3 attempts in all
struct Chain {
  struct Link {
    var text: String
    var comment: String?

    init(_ text: String, comment: String? = nil) {
      self.text = text
      self.comment = comment
    }
  }

  var head: String
  var links: [Link] = []
  /// Comments to put above the chain: what has no faithful translation.
  var notes: [String] = []

  mutating func add(_ text: String, comment: String? = nil) {
    links.append(Link(text, comment: comment))
  }

  /// Swift: the head, then each link on its own line, indented by four spaces; on one line
  /// when it is short and has no comment.
  func swift(indent: String = "") -> String {
    let oneLine = head + links.map(\.text).joined()
    if links.allSatisfy({ $0.comment == nil && !$0.text.contains("\n") }), oneLine.count + indent.count <= 90,
      !oneLine.contains("\n"), links.count <= 3
    {
      return oneLine
    }
    var lines = [head]
    for link in links {
      let text = Chain.indentLines(link.text, by: indent + "    ")
      lines.append(indent + "    " + text + (link.comment.map { "  // " + $0 } ?? ""))
    }
    return lines.joined(separator: "\n")
  }

  /// As `swift()`, for a chain written inside a call (`Observable.concat(...)`, `.zip(...)`):
  /// its comments as `/* */`, so that what follows the chain is not commented out.
  func swiftInCall() -> String {
    var chain = self
    chain.links = links.map { Link($0.text + ($0.comment.map { "  /* \($0) */" } ?? "")) }
    return chain.swift()
  }

  /// RxJS: `head.pipe(a, b)` on one line when short, else one operator a line; the notes
  /// as comments above.
  func javascript(indent: String = "") -> String {
    let notes = self.notes.map { "// " + $0 + "\n" + indent }.joined()
    return notes + code(indent: indent)
  }

  private func code(indent: String) -> String {
    guard !links.isEmpty else { return head }
    let oneLine = head + ".pipe(" + links.map(\.text).joined(separator: ", ") + ")"
    if links.allSatisfy({ $0.comment == nil && !$0.text.contains("\n") }), oneLine.count + indent.count <= 80
    {
      return oneLine
    }
    var lines = [head + ".pipe("]
    for (index, link) in links.enumerated() {
      let comma = index == links.count - 1 ? "" : ","
      let text = Chain.indentLines(link.text, by: indent + "  ")
      lines.append(indent + "  " + text + comma + (link.comment.map { "  // " + $0 } ?? ""))
    }
    lines.append(indent + ")")
    return lines.joined(separator: "\n")
  }

  /// Every line of `text` after the first, indented by `prefix`.
  static func indentLines(_ text: String, by prefix: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
      .map { $0.offset == 0 || $0.element.isEmpty ? String($0.element) : prefix + $0.element }
      .joined(separator: "\n")
  }
}
