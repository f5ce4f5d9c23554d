import CLibEdit
import Foundation

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
  LibEditCompletion.matches = matches
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
