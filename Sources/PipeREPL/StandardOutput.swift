import Foundation
import PipeDSL
import TerminalText

/// Writes lines to standard output (buffered) and standard error, safe from any thread.
/// Every line is redacted first: no secret's value leaves the process in clear. Every line's
/// control characters are written visibly (`neutralisingControls`): text from a plugin, a
/// server or a script never drives the terminal; a stream with colour keeps its styles.
/// `error:` is in the error style when standard error has colour.
///
/// A line waits in the buffer at most `latency`: a burst of values is written in large
/// pieces, and a pipeline on the real clock piped into `tee` or `jq` is still seen as it runs.
final class StandardOutput: PipeDSL.OutputStream, @unchecked Sendable {
  private let lock = NSLock()
  private var buffer: [UInt8] = []
  private var flushPending = false
  private let latency = DispatchTimeInterval.milliseconds(50)
  let redactor: Redactor
  private let errorPaint: Paint
  private let outputPaint: Paint

  init(redactor: Redactor, errorPaint: Paint = .plain, outputPaint: Paint = .plain) {
    self.redactor = redactor
    self.errorPaint = errorPaint
    self.outputPaint = outputPaint
  }

  func line(_ text: String) {
    let text = redactor.redact(text).neutralisingControls(keepingStyles: outputPaint.colour)
    lock.withLock {
      buffer.append(contentsOf: text.utf8)
      buffer.append(10)
      if buffer.count > 1 << 16 {
        drain()
      } else if !flushPending {
        flushPending = true
        DispatchQueue.global().asyncAfter(deadline: .now() + latency) { [weak self] in self?.flush() }
      }
    }
  }

  func errorLine(_ text: String) {
    let text = redactor.redact(text).neutralisingControls(keepingStyles: errorPaint.colour)
    lock.withLock {
      drain()
      Descriptor.write(errorPaint.errorLine(text.hasSuffix("\n") ? text : text + "\n"), to: STDERR_FILENO)
    }
  }

  func flush() {
    lock.withLock {
      flushPending = false
      drain()
    }
  }

  private func drain() {
    guard !buffer.isEmpty else { return }
    Descriptor.write(buffer, to: STDOUT_FILENO)
    buffer.removeAll(keepingCapacity: true)
  }
}

/// Whole writes to a file descriptor, retried on interruption.
enum Descriptor {
  @discardableResult
  static func write(_ text: String, to descriptor: Int32) -> Bool { write(Array(text.utf8), to: descriptor) }

  /// Writes all of `bytes`; false when the descriptor refused some (a full disk, a closed pipe).
  @discardableResult
  static func write(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
    bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let written = Foundation.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
        if written < 0 && errno == EINTR { continue }
        if written <= 0 { return false }
        offset += written
      }
      return true
    }
  }
}
