import PipeDSL
import TerminalText

/// Prints a statement's operator graph, as `:graph` and `:graph dot` show it.
///
///     #0  of(1, 2, 3)                  source
///     #1  flatMap (weather . | retry)  combine
///         ├ #2  weather .              source
///         └ #3  retry                  errors
///     #4  show                         sink
public enum GraphPrinter {
  /// The graph as an indented tree with node ids and roles.
  public static func tree(_ graph: Graph, display: Display = Display()) -> [String] {
    guard !graph.nodes.isEmpty else { return ["(no pipeline has run yet)"] }
    var rows: [(text: String, role: String)] = []
    walk(graph, under: nil, prefix: "", glyphs: display.glyphs, into: &rows)
    let width = min(rows.map(\.text.displayWidth).max() ?? 0, max(20, display.width - 12))
    return rows.map { row in
      (row.text.truncated(toWidth: width, ellipsis: display.glyphs.ellipsis).padded(toWidth: width) + "  "
        + row.role)
    }
  }

  private static func walk(
    _ graph: Graph, under parent: Int?, prefix: String, glyphs: Glyphs,
    into rows: inout [(text: String, role: String)]
  ) {
    let children = graph.children(of: parent)
    for (index, node) in children.enumerated() {
      let last = index == children.count - 1
      let branch = parent == nil ? "" : (last ? glyphs.lastBranch : glyphs.branch)
      rows.append((prefix + branch + "#\(node.id)  " + node.label, node.role.rawValue))
      let inner = parent == nil ? "    " : prefix + (last ? glyphs.gap : glyphs.trunk)
      walk(graph, under: node.id, prefix: inner, glyphs: glyphs, into: &rows)
    }
  }

  /// The graph in Graphviz's language: stages left to right, each nested pipeline in a
  /// dashed cluster whose last stage feeds the stage it belongs to.
  ///
  ///     pipe -e '...' ; :graph dot | dot -Tsvg > graph.svg
  public static func dot(_ graph: Graph) -> String {
    var lines = [
      "digraph pipeline {", "  rankdir=LR;",
      "  node [shape=box, style=rounded, fontname=\"monospace\"];",
    ]
    lines += cluster(graph, under: nil, indent: "  ")
    lines.append("}")
    return lines.joined(separator: "\n")
  }

  private static func cluster(_ graph: Graph, under parent: Int?, indent: String) -> [String] {
    let children = graph.children(of: parent)
    var lines: [String] = []
    for node in children {
      lines.append(indent + "n\(node.id) [label=\"\(escape(node.label))\"\(shape(node.role))];")
      guard !graph.children(of: node.id).isEmpty else { continue }
      lines.append(indent + "subgraph cluster_n\(node.id) {")
      lines.append(indent + "  label=\"inside #\(node.id)\"; style=dashed; fontname=\"monospace\";")
      lines += cluster(graph, under: node.id, indent: indent + "  ")
      lines.append(indent + "}")
      if let last = graph.children(of: node.id).last {
        lines.append(indent + "n\(last.id) -> n\(node.id) [style=dashed];")
      }
    }
    for (from, to) in zip(children, children.dropFirst()) {
      lines.append(indent + "n\(from.id) -> n\(to.id);")
    }
    return lines
  }

  private static func shape(_ role: CatalogueEntry.Role) -> String {
    switch role {
    case .source: return ", style=\"rounded,bold\""
    case .sink: return ", shape=oval"
    default: return ""
    }
  }

  private static func escape(_ text: String) -> String {
    text.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"")
  }
}

extension String {
  /// Every `target` replaced, without Foundation.
  func replacingAll(_ target: Character, with replacement: String) -> String {
    var result = ""
    for character in self {
      if character == target { result += replacement } else { result.append(character) }
    }
    return result
  }
}
