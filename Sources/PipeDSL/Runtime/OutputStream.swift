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
