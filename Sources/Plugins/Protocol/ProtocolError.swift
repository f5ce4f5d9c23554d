/// What was wrong with a line that should have been a protocol message.
///
/// The description is one lowercase sentence without a final period, fit for an error message:
/// `invalid JSON at byte 7: expected ':' after an object key`,
/// `next: field 'id' must be an int, got string`,
/// `next: unknown field 'afterMs'`.
public struct ProtocolError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The reason, without the message context.
  public var reason: String
  /// The message being read (`"next"`, `"hello.sources[0]"`), if known.
  public var context: String?

  public init(_ reason: String, context: String? = nil) {
    self.reason = reason
    self.context = context
  }

  public var description: String {
    context.map { "\($0): \(reason)" } ?? reason
  }

  /// This error, read inside `context` (an outer context goes first: `hello.sources[0].params`).
  func within(_ outer: String) -> ProtocolError {
    ProtocolError(reason, context: context.map { "\(outer).\($0)" } ?? outer)
  }
}

/// `text` in single quotes for a reason, its first 60 characters only: a reason names what it
/// read (a field, a type, a name) without echoing a whole line back.
///
///     quoted("tempC")                                // 'tempC'
///     quoted(String(repeating: "x", count: 100_000))  // 'xxx…x…' (60 x's, then …)
func quoted(_ text: String) -> String {
  text.count > 60 ? "'\(text.prefix(60))…'" : "'\(text)'"
}
