/// The operator graph of one statement: a node per stage, nested stages under their parent.
///
/// Node ids are what the tracer records and what diagrams draw lanes for.
///
///     weather "London" | retry 3 | show
///     // 0 weather "London"   1 retry 3   2 show
public struct Graph: Sendable {
  /// One stage of a compiled pipeline.
  public struct Node: Sendable, Hashable {
    public var id: Int
    /// The stage's source text, such as `retryWhen backoff(1, 3, 5, 10)`.
    public var label: String
    public var span: Span
    /// The operator or source name.
    public var name: String
    /// The stage this one is nested in (a flatMap's inner pipeline), if any.
    public var parent: Int?
    /// How the stage takes part: a source, a transforming stage or a sink.
    public var role: CatalogueEntry.Role
  }

  public private(set) var nodes: [Node] = []
  /// The stages of the `let` names defined before the statement: they run and are traced
  /// inside it when it uses a name, so `log` and `--format jsonl` label them by their text,
  /// but no diagram draws them.
  public private(set) var named: [Node] = []

  public init() {}

  /// Every node a trace of the statement may name: its own, then those of the `let` names.
  public var traceable: [Node] { nodes + named }

  /// Adds the stages of the `let` names defined so far.
  mutating func addNamed(_ nodes: [Node]) { named += nodes }

  /// Adds a node; ids are unique across a session, so they come from the compiler.
  mutating func add(_ node: Node) { nodes.append(node) }

  /// The node with `id`, if it is in this graph.
  public func node(_ id: Int) -> Node? { nodes.first { $0.id == id } }

  /// The nodes directly under `parent` (nil for the top level), in order.
  public func children(of parent: Int?) -> [Node] { nodes.filter { $0.parent == parent } }
}

extension Graph {
  /// A stage's label, the one form every renderer shows (lanes, `log`, SVG, JSON Lines): its
  /// source text on one line, a line break with its indentation and any comment read as one
  /// space (none after an opening or before a closing bracket), then shortened to
  /// `LineWindow.maximumEcho` characters.
  ///
  ///     "retryWhen (errors\n      | delay 1s)"  →  "retryWhen (errors | delay 1s)"
  public static func label(of text: String) -> String {
    guard text.contains("\n") || text.contains("#") else { return text.clipped() }
    let tokens = Lexer.tokenize(SourceFile(name: "label", text: text)).tokens.filter {
      $0.kind != .newline && $0.kind != .end
    }
    let bytes = Array(text.utf8)
    var label = ""
    for (index, token) in tokens.enumerated() {
      if index > 0 {
        let before = tokens[index - 1]
        let gap = String(decoding: bytes[before.span.end..<token.span.start], as: UTF8.self)
        if gap.allSatisfy({ $0 == " " || $0 == "\t" }) {
          label += gap
        } else if !["(", "["].contains(before.text) && ![")", "]"].contains(token.text) {
          label += " "
        }
      }
      label += String(decoding: bytes[token.span.range], as: UTF8.self)
    }
    return label.clipped()
  }
}
