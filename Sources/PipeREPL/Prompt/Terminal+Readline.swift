import CLibEdit
import Foundation
import PipeDSL
import TerminalText

extension Terminal {
  /// The key `nextKey` hands libedit when another thread needs the editing thread: output to
  /// print above the line, Ctrl-C, a read stepping in front. Ctrl-^, which nobody types.
  static let wakeKey: Int32 = 0x1E

  /// Sets libedit up and returns the terminal. Our key reader must be in place before libedit
  /// initialises; libedit must not handle signals (it would clobber our Ctrl-C handling).
  static func start(redactor: Redactor, redraws: Bool, styled: (output: Bool, error: Bool)) -> Terminal {
    setlocale(LC_CTYPE, "")  // without a UTF-8 locale libedit drops non-ASCII input
    TypeAhead.start()
    var descriptors: [Int32] = [0, 0]
    _ = descriptors.withUnsafeMutableBufferPointer { Glibc.pipe($0.baseAddress!) }
    for descriptor in descriptors { _ = fcntl(descriptor, F_SETFL, O_NONBLOCK) }
    let terminal = Terminal(
      wakePipe: (descriptors[0], descriptors[1]), redactor: redactor, bracketedPaste: redraws,
      styled: styled)
    shared = terminal
    pipe_rl_set_readline_name(strdup("pipe"))  // ~/.editrc lines for `pipe:` apply
    pipe_rl_set_catch_signals(0)
    pipe_rl_set_getc_function(terminalNextKey)
    rl_initialize()
    rl_add_defun("pipe-wake", terminalWake, wakeKey)
    rl_add_defun("pipe-suggest", terminalSuggest, suggestKey)
    for binding in KeyTranslation.bindings { _ = rl_parse_and_bind(binding) }
    return terminal
  }

  /// One call of libedit's `readline`, typing a put-aside line back in first.
  func runReadline(_ edit: Edit) -> ReadResult {
    state.lock()
    let history = pendingHistory
    pendingHistory = nil
    state.unlock()
    if let history {
      LibEditHistory.replace(history)
      suggestion.entries = history
    }
    suggestion = Suggestion(entries: suggestion.entries)
    edit.outcome = nil
    injected = edit.saved.map(Terminal.retype) ?? []
    edit.saved = nil
    if bracketedPaste { Descriptor.write(TerminalControl.bracketedPasteOn, to: STDOUT_FILENO) }
    let line = readline(edit.prompt)
    defer { free(line) }
    TypeAhead.hold()
    if bracketedPaste { Descriptor.write(TerminalControl.bracketedPasteOff, to: STDOUT_FILENO) }
    switch edit.outcome {
    case .interrupted?:
      Descriptor.write("\n", to: STDOUT_FILENO)
      return .interrupted
    case .cancelled?, .putAside?:
      return .cancelled
    case nil:
      guard let line else {
        Descriptor.write("\n", to: STDOUT_FILENO)
        return .endOfInput
      }
      return .line(String(cString: line))
    }
  }

  /// The keys that type `saved` back in: control characters quoted with Ctrl-V, then Ctrl-B
  /// until the cursor is where it was.
  static func retype(_ saved: (text: [UInt8], point: Int)) -> [Int32] {
    let after = String(decoding: saved.text[min(saved.point, saved.text.count)...], as: UTF8.self)
    return KeyTranslation.quoted(String(decoding: saved.text, as: UTF8.self))
      + Array(repeating: KeyTranslation.left, count: after.unicodeScalars.count)
  }

  /// The next key for libedit, as a Unicode code point; -1 at the end of the input. Waits for
  /// the keyboard and the wake pipe at once.
  func nextKey() -> Int32 {
    if injected.isEmpty, suggestion.due, !keys.hasReadAhead {
      suggestion.due = false
      return Terminal.suggestKey
    }
    while injected.isEmpty {
      switch keys.next(onWake: drainWakePipe) {
      case .keys(let keys): injected = keys
      case .wake: return passing(Terminal.wakeKey)
      case .end: return -1
      }
    }
    return passing(injected.removeFirst())
  }

  /// Empties the wake pipe; true when some other thread is waiting for the editing thread.
  private func drainWakePipe() -> Bool {
    var buffer = [UInt8](repeating: 0, count: 64)
    while Foundation.read(wakePipe.read, &buffer, buffer.count) > 0 {}
    state.lock()
    defer { state.unlock() }
    guard let active else { return false }
    return !pending.isEmpty || resizeRequested || active.interrupted || active.cancelled || active.putAside
  }
}

/// libedit's key reader (`rl_getc_function`).
private func terminalNextKey(_ stream: UnsafeMutablePointer<FILE>?) -> Int32 {
  Terminal.shared?.nextKey() ?? -1
}

/// What the wake key does (bound with `rl_add_defun`).
private func terminalWake(_ count: Int32, _ key: Int32) -> Int32 {
  Terminal.shared?.handleWake()
  return 0
}
