/// A stretch of a source text, as UTF-8 byte offsets `start..<end`.
///
/// Spans are plain offsets: the `SourceFile` they came from turns them into lines and columns.
///
///     let file = SourceFile(name: "demo.pipe", text: "take 3")
///     file.text(of: Span(5, 6))  // "3"
public struct Span: Hashable, Sendable, Comparable, CustomStringConvertible {
  public var start: Int
  public var end: Int

  public init(_ start: Int, _ end: Int) {
    self.start = start
    self.end = max(start, end)
  }

  /// An empty span at `offset`.
  public static func at(_ offset: Int) -> Span { Span(offset, offset) }

  public var range: Range<Int> { start..<end }
  public var count: Int { end - start }
  public var isEmpty: Bool { start == end }

  /// The smallest span covering both.
  public func to(_ other: Span) -> Span { Span(min(start, other.start), max(end, other.end)) }

  public func contains(_ offset: Int) -> Bool { range.contains(offset) }

  public static func < (lhs: Span, rhs: Span) -> Bool {
    (lhs.start, lhs.end) < (rhs.start, rhs.end)
  }

  public var description: String { "\(start)..<\(end)" }
}

/// A position as a person reads it: line and column, both from 1.
///
/// The column counts characters (grapheme clusters), so `é` or `😀` is one column.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
  public var line: Int
  public var column: Int

  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  public var description: String { "\(line):\(column)" }
}
