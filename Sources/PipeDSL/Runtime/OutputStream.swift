import Synchronization

/// Where a sink's lines go: standard output and standard error, or a buffer in tests.
public protocol OutputStream: AnyObject {
  func line(_ text: String)
  func errorLine(_ text: String)
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
  public func errorLine(_ text: String) { base.errorLine(redactor.redact(text)) }
}
