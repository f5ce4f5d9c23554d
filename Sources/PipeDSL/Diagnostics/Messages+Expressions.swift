/// The expression checker's messages, kept together.
extension Diagnostic {
  static func unknownName(_ name: Name, help: String?, notes: [String] = []) -> Diagnostic {
    Diagnostic(
      id: .unknownName, message: "unknown name '\(name.text)'", span: name.span, notes: notes, help: help)
  }

  static func unknownFunction(_ name: Name, known: [String]) -> Diagnostic {
    Diagnostic(
      id: .unknownFunction, message: "unknown function '\(name.text)'", span: name.span,
      notes: ["the functions are " + known.sorted().joined(separator: ", ")],
      help: Suggestions.didYouMean(name.text, in: known))
  }

  static func wrongArgumentCount(_ call: Expr, name: String, arity: ClosedRange<Int>, given: Int)
    -> Diagnostic
  {
    Diagnostic(
      id: .wrongArgumentCount,
      message: "'\(name)' takes \(describe(arity)), but \(given) \(given == 1 ? "was" : "were") given",
      span: call.span)
  }

  /// `1 argument`, `1 or 2 arguments`, `at least 1 argument`, `2 to 4 arguments`.
  private static func describe(_ arity: ClosedRange<Int>) -> String {
    let plural = arity.upperBound == 1 ? "argument" : "arguments"
    if arity.upperBound == .max {
      return "at least \(arity.lowerBound) \(arity.lowerBound == 1 ? "argument" : "arguments")"
    }
    if arity.count == 1 { return "\(arity.lowerBound) \(plural)" }
    if arity.count == 2 { return "\(arity.lowerBound) or \(arity.upperBound) \(plural)" }
    return "\(arity.lowerBound) to \(arity.upperBound) \(plural)"
  }
}
