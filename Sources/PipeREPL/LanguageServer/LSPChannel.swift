import Foundation
import JSON
import Synchronization

/// The base protocol of LSP over a pair of descriptors: each message is a JSON text after a
/// `Content-Length: N` header and an empty line. Reading is bounded: a header block longer
/// than `maxHeader` or a body longer than `maxBody` is skipped (its bytes are read and
/// dropped, never held) and reported, so the reader stays in step with the stream.
final class LSPReader {
  static let maxHeader = 8 * 1024
  static let maxBody = 8 * 1024 * 1024

  enum Event: Equatable {
    case message([UInt8])
    /// A message that cannot be read: no or a bad Content-Length, a body too long.
    case refused(String)
    case end
  }

  private let descriptor: Int32
  private var buffer: [UInt8] = []
  private var position = 0
  private var ended = false

  init(descriptor: Int32) { self.descriptor = descriptor }

  /// Whether more input is there already: bytes read and not taken, or waiting to be read.
  var hasMore: Bool {
    if position < buffer.count { return true }
    guard !ended else { return false }
    var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    return poll(&request, 1, 0) > 0
  }

  func next() -> Event {
    guard let header = readHeader() else { return .end }
    guard let header = header else {
      return .refused("the header is longer than \(LSPReader.maxHeader) bytes")
    }
    guard let length = LSPReader.contentLength(header) else {
      return .refused("a message without a valid Content-Length header")
    }
    if length > LSPReader.maxBody {
      guard skip(length) else { return .end }
      return .refused("a message of \(length) bytes, more than the \(LSPReader.maxBody) allowed")
    }
    guard let body = take(length) else { return .end }
    return .message(body)
  }

  /// The header block's lines, without the empty line that ends it; nil at the end of the
  /// input; `.some(nil)` when it is too long (then skipped up to its end).
  private func readHeader() -> [String]?? {
    var taken = 0
    var lines: [String] = []
    var line: [UInt8] = []
    var tooLong = false
    while true {
      guard let byte = nextByte() else { return nil }
      taken += 1
      if taken > LSPReader.maxHeader { tooLong = true }
      if byte == UInt8(ascii: "\n") {
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        if line.isEmpty {
          if lines.isEmpty && !tooLong { continue }  // stray line breaks between messages
          return tooLong ? .some(nil) : lines
        }
        if !tooLong { lines.append(String(decoding: line, as: UTF8.self)) }
        line = []
      } else if !tooLong {
        line.append(byte)
      }
    }
  }

  /// The value of the Content-Length field, if there is exactly one valid one.
  static func contentLength(_ header: [String]) -> Int? {
    let values = header.compactMap { line -> Substring? in
      guard let colon = line.firstIndex(of: ":") else { return nil }
      let name = line[..<colon].trimmingCharacters(in: .whitespaces)
      guard name.lowercased() == "content-length" else { return nil }
      return line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
    }
    guard values.count == 1, let text = values.first?.trimmingCharacters(in: .whitespaces),
      !text.isEmpty, text.count <= 18, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber)
    else { return nil }
    return Int(text)
  }

  private func nextByte() -> UInt8? {
    if position == buffer.count, !fill() { return nil }
    defer { position += 1 }
    return buffer[position]
  }

  private func take(_ count: Int) -> [UInt8]? {
    var body: [UInt8] = []
    body.reserveCapacity(count)
    while body.count < count {
      if position == buffer.count, !fill() { return nil }
      let end = min(buffer.count, position + count - body.count)
      body += buffer[position..<end]
      position = end
    }
    return body
  }

  private func skip(_ count: Int) -> Bool {
    var left = count
    while left > 0 {
      if position == buffer.count, !fill() { return false }
      let step = min(left, buffer.count - position)
      position += step
      left -= step
    }
    return true
  }

  /// Reads more bytes into an emptied buffer; false at the end of the input or on an error.
  private func fill() -> Bool {
    guard !ended else { return false }
    buffer.removeAll(keepingCapacity: true)
    position = 0
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        buffer = Array(chunk[..<count])
        return true
      }
      if count < 0 && errno == EINTR { continue }
      ended = true
      return false
    }
  }
}

/// Writes messages with their header, whole, from any thread.
final class LSPWriter: Sendable {
  private let descriptor: Int32
  private let lock = Mutex(())

  init(descriptor: Int32) { self.descriptor = descriptor }

  func send(_ message: JSONValue) {
    let body = message.encoded()
    let bytes = Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    lock.withLock { _ in
      var sent = 0
      while sent < bytes.count {
        let count = bytes[sent...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return }
        sent += count
      }
    }
  }
}
