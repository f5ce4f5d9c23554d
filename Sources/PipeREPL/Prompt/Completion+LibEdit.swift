import CLibEdit
import Foundation
import TerminalText

/// Connects libedit's Tab to a completion function.
///
/// libedit calls C functions that cannot capture, so the function and the matches of the
/// completion in progress live in globals; only the editing thread touches them.
enum LibEditCompletion {
  /// Given the line before the word and the word, the completions.
  nonisolated(unsafe) static var provider: ((String, String) -> [String])?
  nonisolated(unsafe) static var matches: [String] = []

  /// Word boundaries: a word may hold `.`, `:`, `/` and `"` (settings, commands, paths).
  nonisolated(unsafe) private static let breakCharacters = strdup(" \t\n|&;({[,=")

  static func install(_ provider: @escaping (String, String) -> [String]) {
    self.provider = provider
    pipe_rl_set_word_break_characters(breakCharacters)
    pipe_rl_set_completion_function(complete)
  }

  /// The matches as libedit should list them, in columns that line up.
  ///
  /// libedit sizes and pads the columns of a list by bytes (`strlen`), so a name with wide
  /// or accented characters, which has more bytes than columns, pulls the column after it
  /// to the left. Each match gets an invisible sequence (`TerminalControl.invisible`) as long
  /// as it takes to even the surplus out; libedit then pads every entry to the same number
  /// of columns. A single match is inserted, not listed, and
  /// stays as it is; the common prefix libedit inserts never reaches the added bytes.
  static func listed(_ matches: [String]) -> [String] {
    let surplus = matches.map { $0.utf8.count - $0.displayWidth }
    guard matches.count > 1, let most = surplus.max(), surplus.contains(where: { $0 != most }) else {
      return matches
    }
    return zip(matches, surplus).map { match, extra in
      match + TerminalControl.invisible(bytes: most + 3 - extra)
    }
  }
}

/// `rl_attempted_completion_function`: the matches for `text`, never libedit's file names.
private func complete(
  _ text: UnsafePointer<CChar>?, _ start: Int32, _ end: Int32
) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
  pipe_rl_set_completion_over(1)
  guard let text, let provider = LibEditCompletion.provider else { return nil }
  let word = String(cString: text)
  let line = LineGeometry.current(prompt: "")
  let before = line.text[..<max(0, line.point - word.utf8.count)]
  let matches = provider(String(decoding: before, as: UTF8.self), word)
  LibEditCompletion.matches = LibEditCompletion.listed(matches)
  let open =
    !matches.isEmpty && matches.allSatisfy { $0.hasSuffix("(") || $0.hasSuffix("/") || $0.hasSuffix(":") }
  pipe_rl_set_completion_append_character(open ? 0 : 32)
  return matches.isEmpty ? nil : rl_completion_matches(text, nextMatch)
}

/// The generator `rl_completion_matches` calls with 0, 1, 2, ... until it returns nil.
private func nextMatch(_ text: UnsafePointer<CChar>?, _ state: Int32) -> UnsafeMutablePointer<CChar>? {
  let index = Int(state)
  guard index < LibEditCompletion.matches.count else { return nil }
  return strdup(LibEditCompletion.matches[index])
}
