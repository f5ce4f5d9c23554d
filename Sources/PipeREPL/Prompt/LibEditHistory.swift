import CLibEdit

/// libedit's in-memory history, which up-arrow and Ctrl-R search.
enum LibEditHistory {
  /// Replaces libedit's history with `entries`, oldest first.
  static func replace(_ entries: [String]) {
    clear_history()
    for entry in entries { _ = add_history(entry) }
  }
}
