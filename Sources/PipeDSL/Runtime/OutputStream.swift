import Synchronization

/// Where a sink's lines go: standard output and standard error, or a buffer in tests.
public protocol OutputStream: AnyObject {
  func line(_ text: String)
  /// A line given as its UTF-8 bytes, without its line feed: what a sink writes when it
  /// makes a line as bytes (an int's digits), so that no `String` is made for it on the way
  /// to standard output. Unless the output says otherwise, the line is the `String` those
  /// bytes spell, given to `line(_:)`.
  func line(utf8 bytes: UnsafeBufferPointer<UInt8>)
  func errorLine(_ text: String)
}

extension OutputStream {
  public func line(utf8 bytes: UnsafeBufferPointer<UInt8>) { line(String(decoding: bytes, as: UTF8.self)) }
}

/// Collects output in memory, for tests and grading; safe from any thread (the loop writes,
/// the test reads).
public final class BufferedOutput: OutputStream, Sendable {
  private let buffer = Mutex<(lines: [String], errorLines: [String])>(([], []))
  public init() {}
  public var lines: [String] { buffer.withLock { $0.lines } }
  public var errorLines: [String] { buffer.withLock { $0.errorLines } }
  public func line(_ text: String) { buffer.withLock { $0.lines.append(text) } }
  public func errorLine(_ text: String) { buffer.withLock { $0.errorLines.append(text) } }
}

/// Another output with every line passed through a redactor first.
public final class RedactedOutput: OutputStream {
  public let base: any OutputStream
  let redactor: Redactor

  public init(_ base: any OutputStream, redactor: Redactor) {
    self.base = base
    self.redactor = redactor
  }

  public func line(_ text: String) { base.line(redactor.redact(text)) }

  /// With no secret to mask the bytes go on as they are; with one, as the `String` they
  /// spell, redacted: a secret's text is masked in a line made as bytes too (an int's digits).
  public func line(utf8 bytes: UnsafeBufferPointer<UInt8>) {
    if redactor.masksNothing {
      base.line(utf8: bytes)
    } else {
      line(String(decoding: bytes, as: UTF8.self))
    }
  }

  public func errorLine(_ text: String) { base.errorLine(redactor.redact(text)) }
}
