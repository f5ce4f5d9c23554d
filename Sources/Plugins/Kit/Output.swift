import Foundation
import Synchronization

/// Where a plugin's messages go: one line per message, one write per line, never interleaved.
final class Output: Sendable {
  private let lock = Mutex(())
  private let writeLine: @Sendable ([UInt8]) -> Void
  private let spoken = Mutex(1)

  /// The protocol version the plugin said in its hello (1 until then).
  var version: Int {
    get { spoken.withLock { $0 } }
    set { spoken.withLock { $0 = newValue } }
  }

  init(writeLine: @escaping @Sendable ([UInt8]) -> Void) {
    self.writeLine = writeLine
  }

  func send(_ message: PluginMessage) {
    let line = message.encodedLine()
    lock.withLock { _ in writeLine(line) }
  }

  /// Writes to stdout with `write(2)`; when the host has gone (EPIPE), the plugin exits.
  static let standardOutput = Output { line in
    if !writeAll(line, to: STDOUT_FILENO) { exit(0) }
  }
}

/// Writes all of `bytes` to `fd`, retrying after a signal or a partial write. False on error.
func writeAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
  bytes.withUnsafeBytes { buffer in
    var offset = 0
    while offset < buffer.count {
      let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        return false
      }
      offset += written
    }
    return true
  }
}
