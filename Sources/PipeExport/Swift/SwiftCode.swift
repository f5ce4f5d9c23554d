import PipeDSL

/// The Swift both Combine and RxSwift exports write the same way.
enum SwiftCode {
  /// The statement of an `onNext`/`onError`/`tap` action, `element` being the value or error.
  static func actionBody(_ action: Meaning.Action, element: String, context: ExportContext) -> String {
    switch action {
    case .log: return "print(\(element))"
    case .say(let expr):
      return "print(\(ExpressionWriter(dialect: .swift, element: element).write(expr)))"
    case .count(let name):
      context.declare("var \(name) = 0")
      return "\(name) += 1; print(\"\(name): \\(\(name))\")"
    }
  }

  /// A closure of the element: `{ $0.city }`, or `{ _ in "tick" }` when the body does not read
  /// it (Swift does not let `$0` go unused).
  static func closure(_ body: String) -> String {
    body.contains("$0") ? "{ \(body) }" : "{ _ in \(body) }"
  }

  /// `scan`'s closure: `{ $0 + $1 }`, or with names when the body leaves one unread.
  static func scanClosure(_ expr: Expr) -> String {
    let short = ExpressionWriter(dialect: .swift, element: "$1", names: ["acc": "$0"]).write(expr)
    if short.contains("$0") && short.contains("$1") { return "{ \(short) }" }
    return
      "{ acc, value in \(ExpressionWriter(dialect: .swift, element: "value", names: ["acc": "acc"]).write(expr)) }"
  }

  /// The type the cache holds, for its cast: the stream's, where the writer knows it.
  static func cacheType(_ elementType: String?) -> String { elementType ?? "String" }

  static let cacheDeclaration =
    "/// The last good value of each request, for `catch cache` (the book's dictionary).\nvar cache: [String: Any] = [:]"

  /// `mapError { {kind: "rateLimited", retryAfter: 2} }`: a record with a kind is the new
  /// error, `PipeError("rateLimited", retryAfter: 2)`; nil for a record without one.
  static func error(from entries: [RecordEntry], element: String) -> String? {
    let writer = ExpressionWriter(dialect: .swift, element: element)
    guard let kind = entries.first(where: { $0.key.text == "kind" }) else { return nil }
    var arguments = [writer.write(kind.value)]
    for label in ["message", "status", "retryAfter"] {
      if let entry = entries.first(where: { $0.key.text == label }) {
        arguments.append("\(label): \(writer.write(entry.value))")
      }
    }
    return "PipeError(" + arguments.joined(separator: ", ") + ")"
  }

  /// pipe's enumerate as a record, `{index: 0, value: "a"}` (RxSwift's `enumerated()` gives a
  /// tuple, which prints `(index: 0, element: "a")`); `Record` is the `show` helper's.
  static let indexed = """
    /// pipe's enumerate: a value with its index, printed `{index: 0, value: "a"}`.
    struct Indexed<Value>: Record {
        var index: Int
        var value: Value
        var fields: [(String, Any)] { [("index", index), ("value", value)] }
    }
    """

  /// `extension PipeError { static let oversize = ... }` for the kinds used; nil for none.
  static func kinds(_ kinds: [String]) -> String? {
    guard !kinds.isEmpty else { return nil }
    return "extension PipeError {\n"
      + kinds.map { "    static let \($0) = PipeError(\"\($0)\")" }.joined(separator: "\n") + "\n}"
  }

  /// Each line of `text` as a `//` comment (Swift and JavaScript alike).
  static func lineComments(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { "// " + $0 }.joined(separator: "\n")
  }
}
