/// The tree printed back as pipe source in one canonical form: single spaces, a call's `(`
/// touching its name, a sub-pipeline's `(` after a space, expressions fully parenthesised.
///
///     flatMap   (weather .|catch cache)   // prints: flatMap (weather . | catch cache)
extension Program: CustomStringConvertible {
  public var description: String { statements.map(\.description).joined(separator: "\n") }
}

extension Statement: CustomStringConvertible {
  public var description: String {
    switch kind {
    case .binding(let name, let pipeline): return "let \(name) = \(pipeline)"
    case .setting(let path, let value): return "set \(path) \(value)"
    case .run(let pipeline, let background): return "\(pipeline)" + (background == nil ? "" : " &")
    case .command(let command):
      return ([":" + command.name.text] + command.words.map(\.text)).joined(separator: " ")
    }
  }
}

extension Pipeline: CustomStringConvertible {
  public var description: String { stages.map(\.description).joined(separator: " | ") }
}

extension Stage: CustomStringConvertible {
  public var description: String {
    switch kind {
    case .operator(let stage): return stage.description
    case .group(let pipeline): return "(\(pipeline))"
    case .invalid: return "<invalid>"
    }
  }
}

extension OperatorStage: CustomStringConvertible {
  public var description: String {
    let call = callArguments.map { "(" + $0.map(\.description).joined(separator: ", ") + ")" } ?? ""
    return ([name.text + call] + arguments.map(\.description)).joined(separator: " ")
  }
}

extension Arg: CustomStringConvertible {
  public var description: String {
    switch kind {
    case .literal(let literal): return literal.description
    case .name(let name): return name.text
    case .call(let call):
      return call.name.text + "(" + call.arguments.map(\.description).joined(separator: ", ") + ")"
    case .list(let items): return "[" + items.map(\.description).joined(separator: ", ") + "]"
    case .dict(let entries):
      return entries.isEmpty ? "[:]" : "[" + entries.map(\.description).joined(separator: ", ") + "]"
    case .pipeline(let pipeline): return "(\(pipeline))"
    case .expression(let expr): return "{ \(expr) }"
    case .element(let names): return "." + names.map(\.text).joined(separator: ".")
    case .labeled(let label, let value): return "\(label): \(value)"
    case .rate(let count, let period): return "\(count) per \(period)"
    case .invalid: return "<invalid>"
    }
  }
}

extension DictEntry: CustomStringConvertible {
  public var description: String {
    switch key {
    case .name(let name): return "\(name): \(value)"
    case .string(let string): return "\(Value.quote(string)): \(value)"
    case .wildcard: return "*: \(value)"
    }
  }
}
