/// An expression printed back, every operation in parentheses so the tree's shape shows.
///
///     .a + 2 * 3 > 4  // prints: ((.a + (2 * 3)) > 4)
extension Expr: CustomStringConvertible {
  public var description: String {
    switch kind {
    case .literal(let literal): return literal.description
    case .element: return "."
    case .name(let name): return name.text
    case .field(let base, let name):
      if case .element = base.kind { return "." + name.text }
      return "\(base).\(name.text)"
    case .list(let items): return "[" + items.map(\.description).joined(separator: ", ") + "]"
    case .record(let entries):
      if entries.isEmpty { return "[:]" }
      return "[" + entries.map { Value.key($0.key.text) + ": \($0.value)" }.joined(separator: ", ") + "]"
    case .unary(let op, let operand): return "(\(op.rawValue)\(operand))"
    case .binary(let op, let left, let right): return "(\(left) \(op.rawValue) \(right))"
    case .conditional(let condition, let then, let otherwise):
      return "(\(condition) ? \(then) : \(otherwise))"
    case .call(let name, let arguments):
      return name.text + "(" + arguments.map(\.description).joined(separator: ", ") + ")"
    case .invalid: return "<invalid>"
    }
  }
}
