import Operators

/// Messages about the names of stages, kept together.
extension Diagnostic {
  /// `switchMap`: another library's name that pipe takes as it is, with a warning.
  static func foreignAlias(_ name: Name, entry: String) -> Diagnostic {
    Diagnostic(
      id: .foreignName, severity: .warning,
      message: "'\(name.text)' is \(owner(of: name.text)) name for '\(entry)'", span: name.span,
      help: "write '\(entry)'")
  }

  /// `debug`: another library's name for what pipe writes differently.
  static func foreignName(_ name: Name, _ foreign: ForeignName, example: String?) -> Diagnostic {
    Diagnostic(
      id: .foreignName,
      message: "'\(foreign.label == nil ? name.text : foreign.name)' is \(owner(of: foreign.name)) name; "
        + "pipe calls this '\(foreign.translation.pipeText)'",
      span: name.span, help: example.map { "as in: \($0)" })
  }

  private static func owner(of name: String) -> String {
    Translation.named(name)?.owner ?? "another library's"
  }

  /// `weather "London" catch empty`: the caret in the gap where the `|` belongs.
  static func missingPipe(before name: String, at gap: Span, fix: String?) -> Diagnostic {
    Diagnostic(
      id: .missingPipe, message: "missing '|' before '\(name)'?", span: gap,
      help: fix.map { "write '\($0)'" } ?? "stages are joined with '|'")
  }

  /// `timeout 2000`: a bare number is seconds; RxJS's users mean milliseconds.
  static func largeBareSeconds(_ span: Span, _ time: Time) -> Diagnostic {
    let seconds = time.seconds
    let number = seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    let minutes = seconds / 60
    let long = minutes >= 120 ? "\(Int((minutes / 60).rounded())) h" : "\(Int(minutes.rounded())) min"
    return Diagnostic(
      id: .largeBareSeconds, severity: .warning, message: "a bare number is seconds: \(number) s is \(long)",
      span: span, help: "write \(number)ms for milliseconds, or \(number)s to keep seconds")
  }
}
