import Foundation
import PipeDSL

/// The prompt's history: what up-arrow and Ctrl-R recall, and what `:history` lists.
///
/// Every statement is appended to the history file as soon as it is entered, so two prompts
/// open at once lose nothing. A repeated statement moves to the end instead of appearing
/// twice, and a secret never reaches the file: `set weather.apiKey "abc"` is kept as
/// `set weather.apiKey ••••`, and every known secret's value is masked wherever it is in an
/// entry (a URL's `appid=`, a comment, any string).
///
/// A history file that cannot be used (a FIFO, a symbolic link, its lock held by another
/// process for 2 s, a folder that cannot be written) turns the file off for the rest of the
/// session, with one note that says why; the entries are still recalled in this session.
final class History {
  /// How many entries are kept.
  static let limit = 1000

  private(set) var file: HistoryFile?
  private let redactor: Redactor
  private(set) var entries: [String] = []
  /// Notes to show under the banner: the file was cut, or could not be read.
  private(set) var startNotes: [String] = []
  /// Called after the entries change, to hand them to libedit.
  var onChange: ([String]) -> Void = { _ in }
  /// Shows a note when the file is turned off after the start.
  var onNote: (String) -> Void = { _ in }
  /// Whether Ctrl-C was pressed since the entry began to be written: it ends a wait for the
  /// file's lock.
  var interrupted: () -> Bool = { false }

  init(file: HistoryFile?, redactor: Redactor = Redactor()) {
    self.file = file
    self.redactor = redactor
    guard let file else { return }
    do {
      let (lines, note) = try file.load()
      if let note { startNotes.append("note: \(note)") }
      entries = History.deduplicated(lines)
      if entries.count < lines.count / 2 { try file.compact(History.deduplicated) }
    } catch {
      startNotes.append(turnOff(error))
    }
  }

  /// Adds a statement, typed as `lines` (more than one with continuation lines).
  func add(lines: [String]) {
    let entry = redactor.redact(Redactor.maskingAssignments(in: History.entry(lines)))
    guard !entry.trimmingCharacters(in: .whitespaces).isEmpty else { return }
    entries = History.deduplicated(entries + [entry])
    do {
      try file?.append(entry, interrupted: interrupted)
    } catch {
      onNote(turnOff(error))
    }
    onChange(entries)
  }

  /// Stops writing the file; the note that says so and why.
  private func turnOff(_ error: any Error) -> String {
    file = nil
    return "note: history is off for this session: \(error)"
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
