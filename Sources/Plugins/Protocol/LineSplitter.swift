/// Cuts a byte stream into lines: the framing of the protocol, one JSON message per line.
///
/// Bytes arrive in chunks of any size; each complete line (without its `\n`) is handed over as
/// soon as its newline arrives. Empty lines are skipped. A line longer than `maxLineLength` is an
/// error as soon as that many bytes have arrived without a newline, so an endless line never
/// fills memory.
///
/// ```swift
/// var splitter = LineSplitter()
/// try splitter.feed(Array("{\"a\":1}\n{\"b\"".utf8)) { line in print(line.count); return true }  // 7
/// try splitter.feed(Array(":2}\n".utf8)) { line in print(line.count); return true }              // 7
/// ```
public struct LineSplitter: Sendable {
  /// The longest line accepted: 1 MiB, not counting the newline.
  public static let defaultMaxLineLength = 1 << 20

  public let maxLineLength: Int
  private var pending: [UInt8] = []

  public init(maxLineLength: Int = LineSplitter.defaultMaxLineLength) {
    self.maxLineLength = maxLineLength
  }

  /// Whether bytes of an unfinished line are waiting for their newline.
  public var hasPartialLine: Bool { !pending.isEmpty }

  /// Feeds a chunk; calls `line` for each complete line until it returns `false`.
  public mutating func feed(
    _ chunk: some Collection<UInt8>, line: (UnsafeBufferPointer<UInt8>) -> Bool
  ) throws(ProtocolError) {
    let result: ProtocolError?? = chunk.withContiguousStorageIfAvailable { buffer in
      do throws(ProtocolError) {
        try feed(buffer: buffer, line: line)
        return nil
      } catch {
        return error
      }
    }
    switch result {
    case .some(let error?): throw error
    case .some(nil): return
    case nil: try feed(Array(chunk), line: line)
    }
  }

  private mutating func feed(
    buffer: UnsafeBufferPointer<UInt8>, line: (UnsafeBufferPointer<UInt8>) -> Bool
  ) throws(ProtocolError) {
    var start = 0
    while let end = buffer[start...].firstIndex(of: 0x0A) {
      let keepGoing: Bool
      if pending.isEmpty {
        keepGoing = try deliver(UnsafeBufferPointer(rebasing: buffer[start..<end]), line)
      } else {
        pending.append(contentsOf: buffer[start..<end])
        keepGoing = try pending.withUnsafeBufferPointer { (whole) throws(ProtocolError) in
          try deliver(whole, line)
        }
        pending.removeAll(keepingCapacity: true)
      }
      start = end + 1
      if !keepGoing { return }
    }
    pending.append(contentsOf: buffer[start...])
    if pending.count > maxLineLength { throw tooLong() }
  }

  private func deliver(
    _ text: UnsafeBufferPointer<UInt8>, _ line: (UnsafeBufferPointer<UInt8>) -> Bool
  ) throws(ProtocolError) -> Bool {
    if text.count > maxLineLength { throw tooLong() }
    return text.isEmpty || line(text)
  }

  private func tooLong() -> ProtocolError {
    ProtocolError("a line longer than \(maxLineLength) bytes")
  }
}
