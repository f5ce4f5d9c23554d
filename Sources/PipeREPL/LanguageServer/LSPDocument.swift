import Foundation
import JSON
import PipeDSL

/// An open document: its text as the editor sent it, and the conversions between the
/// language's spans (UTF-8 byte offsets) and LSP positions (a line from 0, a column in UTF-16
/// code units, LSP's default encoding).
struct LSPDocument {
  var uri: String
  var version: Int
  /// The text; setting it parses it again, once for every request about this version.
  var file: SourceFile {
    didSet { parsed = Parser.parse(file) }
  }
  /// The text parsed: its tree (as far as it reads) and the parser's diagnostics.
  private(set) var parsed: ParseResult<Program>

  init(uri: String, version: Int, text: String) {
    self.uri = uri
    self.version = version
    self.file = SourceFile(name: LSPDocument.name(of: uri), text: text)
    self.parsed = Parser.parse(file)
  }

  var program: Program { parsed.tree }

  var text: String { file.text }

  /// The path of a `file://` URI (percent escapes decoded), else the URI itself.
  static func name(of uri: String) -> String {
    guard uri.hasPrefix("file://") else { return uri }
    let path = String(uri.dropFirst("file://".count))
    return path.removingPercentEncoding ?? path
  }

  /// The LSP position of a byte offset.
  func position(_ offset: Int) -> JSONValue {
    let offset = min(max(offset, 0), file.endOffset)
    let line = file.line(of: offset) - file.firstLine
    let start = file.lineStarts[line]
    let character = String(decoding: file.bytes[start..<offset], as: UTF8.self).utf16.count
    return ["line": .int(line), "character": .int(character)]
  }

  func range(_ span: Span) -> JSONValue {
    ["start": position(span.start), "end": position(span.end)]
  }

  /// The byte offset of an LSP position; past a line's end is its end, past the last line the
  /// text's end; nil when it is not a position.
  func offset(_ position: JSONValue?) -> Int? {
    guard let line = position?["line"]?.intValue, let character = position?["character"]?.intValue,
      line >= 0, character >= 0
    else { return nil }
    guard line < file.lineCount else { return file.endOffset }
    let span = file.lineSpan(line + file.firstLine)
    var units = 0
    var offset = span.start
    for scalar in file.text(of: span).unicodeScalars {
      if units >= character { break }
      units += scalar.utf16.count
      offset += scalar.utf8.count
    }
    return offset
  }
}
