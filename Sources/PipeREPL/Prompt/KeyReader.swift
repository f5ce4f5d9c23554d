import Foundation

/// The keyboard as libedit should see it: UTF-8 decoded into code points, and the escape
/// sequences of arrows, Home, End, Delete and word moves turned into keys that mean the same
/// in every mode of libedit, its Ctrl-R search included (there an escape ends the search and
/// the rest of the sequence, `[C`, would be typed into the line). A bracketed paste becomes
/// the keys that insert the pasted text as it is, newlines and all.
///
/// Bytes read ahead (a paste's later lines, keys typed while a statement ran) wait in a
/// buffer, so the prompt can look at them before it runs the statement (`continuesStatement`).
final class KeyReader: @unchecked Sendable {
  enum Input: Equatable {
    /// Keys for libedit, in order (none for a sequence that means nothing here).
    case keys([Int32])
    /// Another thread needs the editing thread (see `Terminal.wakeKey`).
    case wake
    /// The end of the input.
    case end
  }

  let descriptor: Int32
  let wakeDescriptor: Int32
  private let lock = NSLock()
  /// Bytes read from the terminal and not yet turned into keys.
  private var buffered: [UInt8] = []
  private var ended = false

  /// How long the rest of an escape sequence may take to arrive before a lone Escape is meant.
  static let sequenceTimeout: Int32 = 50

  init(descriptor: Int32 = STDIN_FILENO, wakeDescriptor: Int32) {
    self.descriptor = descriptor
    self.wakeDescriptor = wakeDescriptor
  }

  /// Waits for the next key (or keys), or for the wake pipe when `onWake` says someone waits.
  func next(onWake: () -> Bool) -> Input {
    while true {
      if let byte = take() {
        let keys = decode(byte)
        if keys == [KeyTranslation.enter] || keys == [KeyTranslation.newline] { readAhead() }
        return .keys(keys)
      }
      if lock.withLock({ ended }) { return .end }
      var descriptors = [
        pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
        pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0),
      ]
      if poll(&descriptors, 2, -1) < 0 {
        if errno == EINTR { continue }
        return .end
      }
      if descriptors[0].revents != 0 {
        fill(waiting: 0)
        continue
      }
      if descriptors[1].revents != 0, onWake() { return .wake }
    }
  }

  /// Whether keys typed or pasted ahead wait in the buffer.
  var hasReadAhead: Bool { lock.withLock { !buffered.isEmpty } }

  /// Reads whatever the terminal has already sent, without waiting, and keeps it.
  func readAhead() {
    while !lock.withLock({ ended }), fill(waiting: 0) {}
  }

  /// Whether the input read ahead goes on with a line that starts with `|` (blank lines and
  /// `#` comments before it skipped): the statement just entered is not finished.
  var continuesStatement: Bool {
    lock.withLock { KeyTranslation.beginsWithPipe(buffered) }
  }

  /// Reads once from the terminal into the buffer, if something comes within `milliseconds`
  /// (-1: waits); false when nothing came.
  @discardableResult
  private func fill(waiting milliseconds: Int32) -> Bool {
    var descriptors = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
    guard poll(&descriptors, 1, milliseconds) > 0 else { return false }
    var chunk = [UInt8](repeating: 0, count: 4096)
    let count = Foundation.read(descriptor, &chunk, chunk.count)
    if count < 0 && errno == EINTR { return true }
    lock.withLock {
      if count > 0 { buffered += chunk[..<count] } else { ended = true }
    }
    return count > 0
  }

  private func take() -> UInt8? {
    lock.withLock { buffered.isEmpty ? nil : buffered.removeFirst() }
  }

  /// The next byte, waiting at most `milliseconds` for it (-1: for ever).
  private func byte(within milliseconds: Int32) -> UInt8? {
    if let byte = take() { return byte }
    guard fill(waiting: milliseconds) else { return nil }
    return take()
  }

  /// The keys that `first` and the bytes after it stand for.
  private func decode(_ first: UInt8) -> [Int32] {
    if first == 0x1B { return escape() }
    let length = first < 0xC0 ? 1 : first < 0xE0 ? 2 : first < 0xF0 ? 3 : 4
    var bytes = [first]
    while bytes.count < length, let next = byte(within: -1) {
      bytes.append(next)
      if next & 0xC0 != 0x80 { break }
    }
    let scalar = String(decoding: bytes, as: UTF8.self).unicodeScalars.first
    return [Int32(scalar?.value ?? 0xFFFD)]
  }

  /// An escape sequence: `ESC [ parameters final`, `ESC O final`, or Alt with a key.
  private func escape() -> [Int32] {
    guard let second = byte(within: KeyReader.sequenceTimeout) else { return [KeyTranslation.escape] }
    switch second {
    case UInt8(ascii: "["):
      var parameters: [UInt8] = []
      while let next = byte(within: KeyReader.sequenceTimeout) {
        guard (0x20...0x3F).contains(next) else {
          let sequence = String(decoding: parameters, as: UTF8.self)
          if sequence == "200" && next == UInt8(ascii: "~") { return KeyTranslation.pasted(paste()) }
          return KeyTranslation.control(sequence, final: next)
        }
        parameters.append(next)
      }
      return []
    case UInt8(ascii: "O"):
      return byte(within: KeyReader.sequenceTimeout).map { KeyTranslation.control("", final: $0) } ?? []
    default:
      return KeyTranslation.alt(second)
    }
  }

  /// The bytes of a bracketed paste, up to its end marker (`ESC [ 201 ~`).
  private func paste() -> [UInt8] {
    let end = Array("\u{1B}[201~".utf8)
    var bytes: [UInt8] = []
    while let next = byte(within: 1000) {
      bytes.append(next)
      if bytes.count >= end.count && Array(bytes.suffix(end.count)) == end {
        return Array(bytes.dropLast(end.count))
      }
    }
    return bytes
  }
}
