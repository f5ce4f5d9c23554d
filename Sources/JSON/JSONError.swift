/// Text that is not JSON: what was wrong, and at which byte.
///
/// ```swift
/// try JSONValue.parse(#"{"a" 1}"#)   // invalid JSON at byte 5: expected ':' after an object key, got '1'
/// ```
/// The description is one lowercase sentence without a final period, fit for an error message.
public struct JSONError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What was wrong, without the position.
  public var message: String
  /// The offset of the byte where it went wrong, from 0.
  public var offset: Int

  public init(_ message: String, at offset: Int) {
    self.message = message
    self.offset = offset
  }

  public var description: String { "invalid JSON at byte \(offset): \(message)" }
}
