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
    let lines = file?.load() ?? []
    entries = History.deduplicated(lines)
    if let file, entries.count < lines.count / 2 { file.compact(History.deduplicated) }
  }

  /// Adds a statement, typed as `lines` (more than one with continuation lines).
  func add(lines: [String]) {
    let entry = Redactor.maskingAssignments(in: History.entry(lines))
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
