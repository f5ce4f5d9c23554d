/// Where a sink's lines go: standard output and standard error, or a buffer in tests.
public protocol OutputStream: AnyObject {
  func line(_ text: String)
  func errorLine(_ text: String)
}

/// Collects output in memory, for tests and for `expect`.
public final class BufferedOutput: OutputStream {
  public private(set) var lines: [String] = []
  public private(set) var errorLines: [String] = []
  public init() {}
  public func line(_ text: String) { lines.append(text) }
  public func errorLine(_ text: String) { errorLines.append(text) }
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
