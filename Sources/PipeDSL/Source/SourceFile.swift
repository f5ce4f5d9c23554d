/// A named source text (a `.pipe` file, a prompt line, a `-e` argument) with its line table.
///
///     let file = SourceFile(name: "demo.pipe", text: "just 1\ntake 2")
///     file.location(of: 9)  // 2:3
public struct SourceFile: Hashable, Sendable {
  public let name: String
  public let text: String
  /// The text as UTF-8 bytes; spans index into this.
  public let bytes: [UInt8]
  /// The byte offset at which each line starts; the first is always 0.
  public let lineStarts: [Int]
  /// The number of the text's first line: 1, unless the text is a piece of a longer one
  /// (standard input, read and run a piece at a time).
  public let firstLine: Int

  public init(name: String, text: String, firstLine: Int = 1) {
    self.name = name
    self.text = text
    self.firstLine = firstLine
    self.bytes = Array(text.utf8)
    var starts = [0]
    for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
      starts.append(offset + 1)
    }
    self.lineStarts = starts
  }

  public var endOffset: Int { bytes.count }
  public var lineCount: Int { lineStarts.count }

  /// The source text of `span`, clamped to the file.
  public func text(of span: Span) -> String {
    let start = clamp(span.start)
    let end = max(start, clamp(span.end))
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }

  /// The line (from 1) holding `offset`.
  public func line(of offset: Int) -> Int {
    let offset = clamp(offset)
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
    }
    return low + firstLine
  }

  /// Line and column of `offset`; the column counts characters, as a terminal shows them.
  public func location(of offset: Int) -> SourceLocation {
    let offset = clamp(offset)
    let line = line(of: offset)
    let prefix = bytes[lineStarts[line - firstLine]..<offset]
    return SourceLocation(line: line, column: String(decoding: prefix, as: UTF8.self).count + 1)
  }

  /// The byte range of line `line` (from `firstLine`), without its line break.
  public func lineSpan(_ line: Int) -> Span {
    let index = min(max(line - firstLine + 1, 1), lineCount) - 1
    let start = lineStarts[index]
    var end = index + 1 < lineCount ? lineStarts[index + 1] - 1 : bytes.count
    if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
    return Span(start, end)
  }

  /// The text of line `line` (from `firstLine`), without its line break.
  public func lineText(_ line: Int) -> String { text(of: lineSpan(line)) }

  private func clamp(_ offset: Int) -> Int { min(max(offset, 0), bytes.count) }
}
