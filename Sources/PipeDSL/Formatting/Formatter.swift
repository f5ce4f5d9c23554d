/// The one layout of a `.pipe` text, for `pipe fmt` and `pipe lsp`'s formatting: only the
/// white space between tokens changes, never a token nor a comment.
///
/// - one space on each side of a `|` within a line;
/// - a line that goes on a statement with `|`, outside brackets, is indented by two spaces
///   (inside brackets, as written);
/// - no white space at the end of a line; no blank line at the start, at most one blank
///   line in a row, and one line break at the end.
///
/// It is idempotent, and it refuses a text the lexer cannot read (it would not know where
/// its strings end).
///
///     Formatter.format(SourceFile(name: "a.pipe", text: "just 1|take 1  \n\n\n  |  marbles"))
///     // .success("just 1 | take 1\n\n  | marbles\n")
public enum Formatter {
  /// Why a text was not formatted.
  public enum Failure: Error, Equatable {
    /// The lexer's errors: where the text cannot be read.
    case unreadable([Diagnostic])
    /// The layout would have changed a token (a bug of the formatter: the text is left as is).
    case changedTokens
  }

  public static func format(_ file: SourceFile) -> Result<String, Failure> {
    let (tokens, diagnostics) = Lexer.tokenize(file)
    let errors = diagnostics.filter(\.isError)
    guard errors.isEmpty else { return .failure(.unreadable(errors)) }
    let bytes = file.bytes
    // The offsets inside a string, which may run over lines: nothing there is touched.
    var inString = [Bool](repeating: false, count: bytes.count + 1)
    for token in tokens where token.kind == .literal && token.span.count > 1 {
      for offset in (token.span.start + 1)..<token.span.end { inString[offset] = true }
    }
    // White space to replace, by its span; no edit adds or removes a line break.
    var edits: [Span: String] = [:]
    var depth = 0
    var previous: Token?
    for token in tokens where token.kind != .end && token.kind != .newline {
      defer { previous = token }
      switch token.kind {
      case .leftParen, .leftBracket, .leftBrace: depth += 1
      case .rightParen, .rightBracket, .rightBrace: depth = max(0, depth - 1)
      default: break
      }
      guard token.kind == .pipe else {
        if let before = previous, before.kind == .pipe {
          space(between: before, and: token, in: bytes, into: &edits)
        }
        continue
      }
      let indent = Span(file.lineSpan(file.line(of: token.span.start)).start, token.span.start)
      if bytes[indent.range].allSatisfy(isBlank) {
        if depth == 0 { edits[indent] = "  " }
      } else if let before = previous {
        space(between: before, and: token, in: bytes, into: &edits)
      }
    }
    for line in file.firstLine..<(file.firstLine + file.lineCount) {
      let span = file.lineSpan(line)
      guard !inString[span.end] else { continue }
      var start = span.end
      while start > span.start, isBlank(bytes[start - 1]) { start -= 1 }
      let end = span.end < bytes.count && bytes[span.end] == UInt8(ascii: "\r") ? span.end + 1 : span.end
      if start < end { edits[Span(start, end)] = "" }
    }
    var text: [UInt8] = []
    var offset = 0
    for (span, replacement) in edits.sorted(by: { $0.key.start < $1.key.start }) where span.start >= offset {
      text += bytes[offset..<span.start] + Array(replacement.utf8)
      offset = span.end
    }
    text += bytes[offset...]
    let startsInString = file.lineStarts.map { inString[$0] }
    let result = withoutExtraBlankLines(text, startsInString: startsInString)
    guard significant(Lexer.tokenize(SourceFile(name: file.name, text: result)).tokens) == significant(tokens)
    else { return .failure(.changedTokens) }
    return .success(result)
  }

  /// One space between two tokens of one line that only blanks part.
  private static func space(
    between left: Token, and right: Token, in bytes: [UInt8], into edits: inout [Span: String]
  ) {
    let gap = Span(left.span.end, right.span.start)
    guard bytes[gap.range].allSatisfy(isBlank) else { return }
    edits[gap] = " "
  }

  /// No blank line at the start or the end, at most one in a row, one line break at the end;
  /// a line that starts inside a string is kept, blank or not.
  private static func withoutExtraBlankLines(_ text: [UInt8], startsInString: [Bool]) -> String {
    let lines = text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    var out: [ArraySlice<UInt8>] = []
    for (index, line) in lines.enumerated() {
      let keep = index < startsInString.count && startsInString[index]
      if line.isEmpty && !keep && (out.last?.isEmpty ?? true) { continue }
      out.append(line)
    }
    while let last = out.last, last.isEmpty { out.removeLast() }
    guard !out.isEmpty else { return "" }
    return out.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n") + "\n"
  }

  private static func significant(_ tokens: [Token]) -> [String] {
    tokens.filter { $0.kind != .newline && $0.kind != .end }.map(\.text)
  }

  private static func isBlank(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
  }
}
