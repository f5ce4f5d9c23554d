import CProcess
import Foundation
import PipeDSL
import Synchronization
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
  /// The bytes waiting, and whether a flush is due: behind a `Mutex` (a compare-and-swap
  /// when nobody else holds it), taken once per line.
  private struct Pending {
    var buffer: [UInt8] = []
    var flushPending = false

    /// Writes what waits, in one write.
    mutating func drain() {
      guard !buffer.isEmpty else { return }
      Descriptor.write(buffer, to: STDOUT_FILENO)
      buffer.removeAll(keepingCapacity: true)
    }
  }

  private let pending = Mutex(Pending())
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
    var text = redactor.redact(text).neutralisingControls(keepingStyles: outputPaint.colour)
    // From contiguous bytes, not the UTF-8 view a byte at a time.
    text.withUTF8 { append($0) }
  }

  /// A line made as bytes goes into the buffer as it is when nothing would change it: no
  /// secret is known (`redact` would give it back) and it is plain ASCII (the scan that
  /// `neutralisingControls` makes first, and gives such a line back after). Any other line
  /// takes the way of a `String`, as it did before.
  func line(utf8 bytes: UnsafeBufferPointer<UInt8>) {
    guard redactor.masksNothing, ControlCharacters.isPlainASCII(UnsafeRawBufferPointer(bytes)) else {
      return line(String(decoding: bytes, as: UTF8.self))
    }
    append(bytes)
  }

  /// Appends a line's bytes and its line feed to the buffer, and has it written.
  private func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    let schedule = pending.withLock { pending in
      pending.buffer.append(contentsOf: bytes)
      pending.buffer.append(10)
      if pending.buffer.count > 1 << 16 {
        pending.drain()
        return false
      }
      if pending.flushPending { return false }
      pending.flushPending = true
      return true
    }
    if schedule {
      DispatchQueue.global().asyncAfter(deadline: .now() + latency) { [weak self] in self?.flush() }
    }
  }

  func errorLine(_ text: String) {
    let text = redactor.redact(text).neutralisingControls(keepingStyles: errorPaint.colour)
    pending.withLock { pending in
      pending.drain()
      Descriptor.write(errorPaint.errorLine(text.hasSuffix("\n") ? text : text + "\n"), to: STDERR_FILENO)
    }
  }

  func flush() {
    pending.withLock { pending in
      pending.flushPending = false
      pending.drain()
    }
  }
}

/// Whether standard output took everything pipe wrote to it, whatever wrote it: a sink's
/// line, a report of `pipe check`, an export, help. A write that fails (a full disk, a closed
/// pipe, `> /dev/full`) is remembered (`Descriptor.write`, and stdio's error flag for
/// `print`), and at exit, on every path, pipe says so on standard error and exits 74
/// (EX_IOERR): a CI report is never silently empty.
enum StandardStreams {
  /// The exit status of a run whose output was lost.
  static let lostOutputStatus: Int32 = 74
  /// The `errno` of the first failed write to standard output; 0 while none failed.
  private static let failure = Mutex<Int32>(0)
  /// Whether an exit has started checking standard output.
  private static let exiting = Mutex(false)

  /// Notes that a write to standard output failed with `code`.
  static func noteFailedWrite(_ code: Int32) {
    failure.withLock { if $0 == 0 { $0 = code } }
  }

  /// Gives each standard stream that was closed (`pipe ... >&-`) a descriptor that takes no
  /// write (`/dev/null` opened for reading): left free, the number would go to the next file
  /// pipe opens (the history, a written SVG, a plugin's pipe), and what pipe prints would be
  /// written into it. So held, a write to it fails (EBADF) as a write to a closed stream does,
  /// and is said at exit.
  static func holdClosedStandardStreams() {
    for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 {
      let held = open("/dev/null", O_RDONLY)  // the lowest free number: this one
      if held >= 0, held != descriptor {
        dup2(held, descriptor)
        close(held)
      }
    }
  }

  /// Makes the exit of this process check standard output (once, at start-up).
  static func reportFailedWritesAtExit() {
    atexit { StandardStreams.exitIfOutputWasLost() }
  }

  /// At exit: flushes stdio's buffer and, when some output was lost, says why on standard
  /// error and ends the process with `lostOutputStatus`.
  static func exitIfOutputWasLost() {
    // Two threads may end the process at once (a console's key reader and its main thread):
    // the first decides and ends it; the other waits for that, so the loss is said once.
    let first = exiting.withLock { started in
      let first = !started
      started = true
      return first
    }
    guard first else { while true { pause() } }
    var code = failure.withLock { $0 }
    let flushed = pipe_flush_standard_output()
    if code == 0 { code = flushed }
    guard code != 0 else { return }
    Descriptor.write(
      "error: cannot write standard output: \(String(cString: strerror(code)))\n", to: STDERR_FILENO)
    _exit(lostOutputStatus)
  }
}

/// Whole writes to a file descriptor, retried on interruption; a failed write to standard
/// output is noted for the exit status (`StandardStreams`).
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
        if written <= 0 {
          if descriptor == STDOUT_FILENO { StandardStreams.noteFailedWrite(written < 0 ? errno : EIO) }
          return false
        }
        offset += written
      }
      return true
    }
  }
}
