import CLibEdit
import Foundation
import PipeDSL
import TerminalText

/// The inline suggestion, as fish and Nushell show it: while the cursor is at the end of the
/// line, the rest of the newest history entry that starts with what was typed is drawn dimmed
/// after the cursor; Right or End takes it into the line, any other key goes on as usual.
///
/// libedit has no hook after it redraws a line (its `rl_redisplay_function` is never called),
/// so the suggestion is drawn from a key of our own (`suggestKey`, bound with `rl_add_defun`)
/// that `nextKey` hands libedit before it waits for the keyboard: libedit has then carried
/// out every key typed, and its line is up to date. The suggestion is written behind a saved
/// cursor (`ESC 7` … `ESC 8`) on the cursor's row only, so libedit's idea of the screen stays
/// true, and it is erased (`ESC [ K`) before the next key reaches libedit. Taking it in
/// hands libedit its characters as typed keys, so that libedit draws them as it draws what
/// a person types (its forced redraw wrote the prompt again from where the cursor stood).
struct Suggestion {
  /// The history, oldest first, as the prompt last handed it over.
  var entries: [String] = []
  /// The text drawn after the cursor now, to take in on Right or End.
  var shown: String?
  /// Whether to draw one before the next wait for the keyboard.
  var due = false
  /// Whether libedit is in Ctrl-R search, where every key of ours would end the search.
  var searching = false

  /// The newest entry that continues `typed` on one line and holds no masked secret.
  func completion(of typed: String) -> String? {
    guard typed.count >= 2, !typed.contains("\n") else { return nil }
    let entry = entries.last {
      $0.hasPrefix(typed) && $0.count > typed.count && !$0.contains("\n") && !$0.contains(Redactor.mask)
    }
    return entry.map { String($0.dropFirst(typed.count)) }
  }

  /// Follows libedit's Ctrl-R search from the keys it is given: Ctrl-R or Ctrl-S starts it;
  /// typed text and Backspace stay in it; any other key ends it.
  mutating func track(_ key: Int32) {
    if key == 0x12 || key == 0x13 {
      searching = true
    } else if searching {
      let typed = key >= 0x20 && key != 0x7F
      let backspace = key == 0x7F || key == 0x08
      if !typed && !backspace { searching = false }
    }
  }
}

extension Terminal {
  /// Ctrl-], which nobody types: draws the suggestion (see `Suggestion`).
  static let suggestKey: Int32 = 0x1D

  /// The key to hand libedit instead of `key`, erasing a drawn suggestion first: Right or
  /// End on a suggestion take it in, as its characters typed (the first now, the rest next).
  func passing(_ key: Int32) -> Int32 {
    suggestion.track(key)
    var key = key
    if let shown = suggestion.shown {
      suggestion.shown = nil
      Descriptor.write("\u{1B}[K", to: STDOUT_FILENO)
      if key == KeyTranslation.right || key == KeyTranslation.end, !shown.isEmpty {
        let typed = KeyTranslation.quoted(shown)
        injected.insert(contentsOf: typed.dropFirst(), at: 0)
        key = typed[0]
      }
    }
    // libedit lists the completions at a second Tab in a row: no key of ours between them.
    suggestion.due = !suggestion.searching && key != KeyTranslation.tab && suggestsHere
    return key
  }

  /// Suggestions are for the statement prompt's first line, on a terminal that redraws.
  var suggestsHere: Bool {
    bracketedPaste && (active?.prompt.contains("pipe>") ?? false)
  }

  /// Draws the suggestion for the line libedit holds now, if there is one.
  func showSuggestion() {
    guard let edit = active else { return }
    let geometry = LineGeometry.current(prompt: edit.prompt)
    guard geometry.point == geometry.text.count,
      let rest = suggestion.completion(of: String(decoding: geometry.text, as: UTF8.self))
    else { return }
    let room = geometry.columns - geometry.position(ofByte: geometry.point).column - 1
    guard room > 0 else { return }
    let drawn = rest.prefix(toWidth: room)
    Descriptor.write("\u{1B}7\u{1B}[2m" + drawn + "\u{1B}[0m\u{1B}8", to: STDOUT_FILENO)
    suggestion.shown = rest
  }
}

/// What the suggest key does (bound with `rl_add_defun`).
func terminalSuggest(_ count: Int32, _ key: Int32) -> Int32 {
  Terminal.shared?.showSuggestion()
  return 0
}
