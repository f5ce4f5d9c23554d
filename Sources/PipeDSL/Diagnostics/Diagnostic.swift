/// A problem found in a source text, kept as data until one place renders it.
///
///     Diagnostic(id: .unknownOperator, message: "unknown operator 'fliter'",
///                span: Span(17, 23), help: "did you mean 'filter'?")
///
/// Messages are lowercase and end without a period. `id` is stable across releases, so tests
/// and tools can match on it while the wording improves.
public struct Diagnostic: Hashable, Sendable {
  /// A stable name for the kind of message, such as `unterminatedString`; all of them are
  /// listed in `DiagnosticID`.
  public typealias ID = DiagnosticID

  public enum Severity: String, Hashable, Sendable {
    case error, warning, note
  }

  /// A secondary span with a short message, drawn under its line with `-`.
  public struct Label: Hashable, Sendable {
    public var span: Span
    public var message: String
    public init(_ span: Span, _ message: String) {
      self.span = span
      self.message = message
    }
  }

  public var id: ID
  public var severity: Severity
  public var message: String
  /// Where the problem is; drawn with `^`.
  public var span: Span
  public var labels: [Label]
  public var notes: [String]
  public var help: String?
  /// The kind `incomplete`: the text stops in the middle of a statement (an open bracket, a
  /// trailing `|`, an unterminated string), so more input could finish it. A prompt answers
  /// such a diagnostic with a continuation line instead of printing it.
  public var isIncomplete: Bool

  public init(
    id: ID, severity: Severity = .error, message: String, span: Span,
    labels: [Label] = [], notes: [String] = [], help: String? = nil, isIncomplete: Bool = false
  ) {
    self.id = id
    self.severity = severity
    self.message = message
    self.span = span
    self.labels = labels
    self.notes = notes
    self.help = help
    self.isIncomplete = isIncomplete
  }

  public var isError: Bool { severity == .error }
}

/// One or more diagnostics thrown as an error, for APIs that fail as a whole.
public struct DiagnosticError: Error, Hashable, Sendable {
  public var diagnostics: [Diagnostic]
  public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }
}
