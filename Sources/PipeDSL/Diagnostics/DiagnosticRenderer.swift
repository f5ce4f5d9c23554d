import TerminalText

/// Renders diagnostics as text, the one place that does.
///
///     demo.pipe:1:18: error: unknown operator 'fliter'
///     1 | weather "Oslo" | fliter { .temp > 20 }
///       |                  ^^^^^^
///       = help: did you mean 'filter'?
///
/// Each part names its style (`.error`, `.gutter`, ...); `paint`, given by the caller for the
/// stream the diagnostics go to, decides whether that becomes colour. Carets are placed by
/// display width, so they stay under their span after wide characters and tabs.
public struct DiagnosticRenderer: Sendable {
  public var paint: Paint

  public init(paint: Paint = .plain) { self.paint = paint }

  /// Every diagnostic, one after another, lines joined by `\n`, no final newline.
  public func render(_ diagnostics: [Diagnostic], in file: SourceFile) -> String {
    diagnostics.map { render($0, in: file) }.joined(separator: "\n")
  }

  public func render(_ diagnostic: Diagnostic, in file: SourceFile) -> String {
    let marks = markers(of: diagnostic, in: file)
    let width = String(marks.map(\.line).max() ?? 1).count
    let location = file.location(of: marks[0].span.start)
    var lines = [header(diagnostic, file: file, location: location)]
    var windows: [Int: LineWindow] = [:]
    for mark in marks.sorted(by: { ($0.line, $0.span.start) < ($1.line, $1.span.start) }) {
      if windows[mark.line] == nil {
        let window = LineWindow(
          line: file.lineSpan(mark.line), marks: marks.filter { $0.line == mark.line }.map(\.span), in: file)
        windows[mark.line] = window
        lines.append(sourceLine(mark.line, window, file, width))
      }
      lines.append(markerLine(mark, windows[mark.line]!, file, width, severityStyle(diagnostic.severity)))
    }
    for note in diagnostic.notes { lines.append(footer("note", note, width)) }
    if let help = diagnostic.help { lines.append(footer("help", help, width)) }
    return lines.joined(separator: "\n")
  }

  /// The line of `file` that holds `span`, then carets under the span, each after `  | `:
  /// how a run-time error quotes its statement (`SinkContext.unhandled`), in the window and
  /// with the caret placement of a diagnostic, on whichever line of the statement the span is.
  public func quote(_ span: Span, in file: SourceFile) -> String {
    let span = visible(span, in: file)
    let line = file.line(of: span.start)
    let window = LineWindow(line: file.lineSpan(line), marks: [span], in: file)
    let mark = Marker(span: span, line: line, primary: true, label: nil)
    return paint("  |", .gutter) + " " + window.text(in: file).expandingTabs() + "\n"
      + markerLine(mark, window, file, 1, .error)
  }

  private struct Marker {
    var span: Span
    var line: Int
    var primary: Bool
    var label: String?
  }

  private func markers(of diagnostic: Diagnostic, in file: SourceFile) -> [Marker] {
    let primary = (diagnostic.span, true, String?.none)
    let secondary = diagnostic.labels.map { ($0.span, false, Optional($0.message)) }
    return ([primary] + secondary).map { span, isPrimary, label in
      let span = visible(span, in: file)
      return Marker(span: span, line: file.line(of: span.start), primary: isPrimary, label: label)
    }
  }

  /// A span at the very end of a file that ends with a line break is shown at the end of the
  /// last line, not on an empty line after it.
  private func visible(_ span: Span, in file: SourceFile) -> Span {
    var start = min(max(span.start, 0), file.endOffset)
    while start == file.endOffset, start > 0, [10, 13].contains(file.bytes[start - 1]) {
      start -= 1
    }
    return start == span.start ? span : Span.at(start)
  }

  private func header(_ diagnostic: Diagnostic, file: SourceFile, location: SourceLocation) -> String {
    let severity = paint(diagnostic.severity.rawValue + ":", severityStyle(diagnostic.severity))
    return "\(file.name):\(location): \(severity) \(paint(LineWindow.clip(diagnostic.message), .bold))"
  }

  private func sourceLine(_ line: Int, _ window: LineWindow, _ file: SourceFile, _ width: Int) -> String {
    let text = window.text(in: file).expandingTabs()
    let gutter = paint(String(line).leftPadded(toWidth: width) + " |", .gutter)
    return text.isEmpty ? gutter : gutter + " " + text
  }

  private func markerLine(
    _ mark: Marker, _ window: LineWindow, _ file: SourceFile, _ width: Int, _ primaryStyle: TextStyle
  ) -> String {
    let line = window.span
    let start = min(max(mark.span.start, line.start), line.end)
    let indent = DisplayWidth.of(file.text(of: Span(line.start, start))) + (window.clippedStart ? 1 : 0)
    let end = min(max(mark.span.end, start), line.end)
    let length = max(1, DisplayWidth.of(file.text(of: Span(start, end))))
    let symbol: Character = mark.primary ? "^" : "-"
    var body = String(repeating: symbol, count: length)
    if let label = mark.label { body += " " + label }
    let style = mark.primary ? primaryStyle : .gutter
    return paint(String(repeating: " ", count: width) + " |", .gutter) + " "
      + String(repeating: " ", count: indent) + paint(body, style)
  }

  private func footer(_ kind: String, _ text: String, _ width: Int) -> String {
    paint(String(repeating: " ", count: width) + " =", .gutter) + " "
      + paint(kind + ":", .bold) + " " + LineWindow.clip(text)
  }

  private func severityStyle(_ severity: Diagnostic.Severity) -> TextStyle {
    switch severity {
    case .error: return .error
    case .warning: return .warning
    case .note: return .note
    }
  }
}

/// The part of a source line a diagnostic shows: all of it, or for a long line (a 1 MB
/// line of generated data) at most `maximumEcho` characters around the marks, with `…`
/// where it was cut.
public struct LineWindow {
  public static let maximumEcho = 200
  /// How much of the window stands before the first mark.
  static let before = 60

  var span: Span
  var clippedStart = false
  var clippedEnd = false

  init(line: Span, marks: [Span], in file: SourceFile) {
    span = line
    guard line.end - line.start > Self.maximumEcho, file.text(of: line).count > Self.maximumEcho else {
      return
    }
    let anchor = min(max(marks.map(\.start).min() ?? line.start, line.start), line.end)
    let lead = String(
      file.text(of: Span(max(line.start, anchor - 4 * Self.before), anchor)).suffix(Self.before))
    let rest = file.text(of: Span(anchor, min(line.end, anchor + 4 * Self.maximumEcho)))
    let tail = String(rest.prefix(Self.maximumEcho - lead.count))
    span = Span(anchor - lead.utf8.count, anchor + tail.utf8.count)
    clippedStart = span.start > line.start
    clippedEnd = span.end < line.end
  }

  func text(in file: SourceFile) -> String {
    (clippedStart ? "…" : "") + file.text(of: span) + (clippedEnd ? "…" : "")
  }

  /// A message, note or help cut to `maximumMessage` characters: one that quotes a 1 MB
  /// name does not print all of it, and one that names two long paths still fits.
  static func clip(_ text: String) -> String { text.clipped(to: maximumMessage) }
  static let maximumMessage = 500
}

extension String {
  /// The text, or for one longer than `limit` characters its first `limit - 1` and `…`: what
  /// a message quotes of a source text or a value, so that a 1 MB line is not echoed whole.
  public func clipped(to limit: Int = LineWindow.maximumEcho) -> String {
    guard utf8.count > limit, count > limit else { return self }
    return String(prefix(limit - 1)) + "…"
  }
}
