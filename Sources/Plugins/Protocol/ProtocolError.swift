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
