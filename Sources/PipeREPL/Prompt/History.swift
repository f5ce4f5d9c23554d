import Foundation
import PipeDSL

/// The prompt's history: what up-arrow and Ctrl-R recall, and what `:history` lists.
///
/// Every statement is appended to the history file as soon as it is entered, so two prompts
/// open at once lose nothing. A repeated statement moves to the end instead of appearing
/// twice, and a secret never reaches the file: `set weather.apiKey "abc"` is kept as
/// `set weather.apiKey ••••`.
final class History {
  /// How many entries are kept.
  static let limit = 1000

  let file: HistoryFile?
  private(set) var entries: [String] = []
  /// Called after the entries change, to hand them to libedit.
  var onChange: ([String]) -> Void = { _ in }

  init(file: HistoryFile?) {
    self.file = file
    entries = History.deduplicated(file?.load() ?? [])
    if let file, entries.count < file.lineCount / 2 { file.rewrite(entries) }
  }

  /// Adds a statement, typed as `lines` (more than one with continuation lines).
  func add(lines: [String]) {
    let entry = Redaction.redact(History.entry(lines))
    guard !entry.trimmingCharacters(in: .whitespaces).isEmpty else { return }
    entries = History.deduplicated(entries + [entry])
    file?.append(entry)
    onChange(entries)
  }

  /// One entry for a statement: its lines joined by spaces when that reads the same (a
  /// recalled entry must not hold a newline: libedit would cut it there), else by newlines.
  static func entry(_ lines: [String]) -> String {
    guard lines.count > 1 else { return lines.first ?? "" }
    let joined = lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    return Parser.parse(joined).hasErrors ? lines.joined(separator: "\n") : joined
  }

  /// The entries with only the last of each repeated one, at most `limit` of them.
  static func deduplicated(_ entries: [String]) -> [String] {
    var seen: Set<String> = []
    var result: [String] = []
    for entry in entries.reversed() where seen.insert(entry).inserted { result.append(entry) }
    return Array(result.prefix(limit).reversed())
  }
}

/// Hides the values of secret settings (keys ending in key, token or secret) in a statement.
enum Redaction {
  static let mask = "••••"

  /// `set weather.apiKey "abc"; just 1` → `set weather.apiKey ••••; just 1`.
  static func redact(_ text: String) -> String {
    let file = SourceFile(name: "<history>", text: text)
    let tokens = Lexer.tokenize(file, mode: .prompt).tokens
    var cuts: [Range<Int>] = []
    var atStart = true
    for index in tokens.indices {
      defer { atStart = [.newline, .semicolon].contains(tokens[index].kind) }
      guard atStart, tokens[index].kind == .identifier, tokens[index].text == "set",
        index + 2 < tokens.count, Settings.isSecret(tokens[index + 1].text)
      else { continue }
      let value = tokens[(index + 2)...].prefix { ![.newline, .semicolon, .end].contains($0.kind) }
      if let first = value.first, let last = value.last { cuts.append(first.span.start..<last.span.end) }
    }
    var bytes = file.bytes
    for cut in cuts.reversed() { bytes.replaceSubrange(cut, with: Array(mask.utf8)) }
    return String(decoding: bytes, as: UTF8.self)
  }
}
