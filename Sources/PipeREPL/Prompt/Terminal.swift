import CLibEdit
import Foundation
import PipeDSL

/// The person's terminal: lines edited with libedit, and output from any thread that never
/// garbles the line being edited.
///
/// One read at a time edits a line: the prompt, an `ask` question, an `input` source. A read
/// that starts while another is editing steps in front of it: the half-typed line is put
/// aside and typed back in when the newer read is done. Output written while a line is being
/// edited is printed above it, and the line is drawn again below. Everything written is
/// redacted first: no secret's value reaches the screen in clear.
///
///     let terminal = Terminal.start(redactor: redactor, redraws: true)
///     terminal.read(prompt: "pipe> ")  // .line("just 1")
///     terminal.write("1\n")            // safe from any thread
final class Terminal: @unchecked Sendable {
  enum ReadResult: Equatable {
    case line(String)
    /// Ctrl-D on an empty line, or the end of the input.
    case endOfInput
    /// Ctrl-C: the line was abandoned.
    case interrupted
    /// The reader gave up waiting (`cancel`).
    case cancelled
  }

  /// libedit's callbacks are C functions and cannot capture: they find the terminal here.
  nonisolated(unsafe) static var shared: Terminal?

  /// Guards everything below that other threads touch.
  let state = NSCondition()
  /// The read whose line is being edited.
  var active: Edit?
  /// Reads waiting for their turn, the next first.
  var waiting: [Edit] = []
  /// Output written while a line was being edited, with its file descriptor.
  var pending: [(descriptor: Int32, bytes: [UInt8])] = []
  var resizeRequested = false
  /// History entries for libedit, handed over on the next edit (only the editing thread may
  /// touch libedit).
  var pendingHistory: [String]?
  /// Written to make `nextKey` return the wake key; read by `nextKey`.
  let wakePipe: (read: Int32, write: Int32)
  /// Keys to type before reading the keyboard: a put-aside line coming back. Editing thread only.
  var injected: [Int32] = []
  /// The inline suggestion from history. Editing thread only.
  var suggestion = Suggestion()
  /// Masks secrets in everything written.
  let redactor: Redactor
  /// Whether standard output and standard error have colour: their styles survive
  /// `neutralisingControls` in what is written.
  let styled: (output: Bool, error: Bool)
  /// The keyboard, decoded; it keeps what was typed or pasted ahead.
  let keys: KeyReader
  /// Whether the terminal is asked to mark pastes (`ESC [ 200 ~` … `ESC [ 201 ~`) while a
  /// line is edited: not on a dumb terminal.
  let bracketedPaste: Bool

  init(
    wakePipe: (read: Int32, write: Int32), redactor: Redactor, bracketedPaste: Bool = true,
    styled: (output: Bool, error: Bool) = (false, false)
  ) {
    self.wakePipe = wakePipe
    self.redactor = redactor
    self.styled = styled
    self.keys = KeyReader(wakeDescriptor: wakePipe.read)
    self.bracketedPaste = bracketedPaste
  }

  /// Whether what was typed or pasted ahead goes on with a line starting with `|`: the
  /// statement just entered has not run, and continues there.
  var inputContinuesStatement: Bool {
    keys.readAhead()
    return keys.continuesStatement
  }

  /// Reads one line; Ctrl-C, Ctrl-D and `cancel` end it early. A read that `interrupts`
  /// (a question, an `input` source) puts the line being edited aside; one that does not
  /// (the statement prompt) waits for the reads before it.
  func read(prompt: String, interrupts: Bool = true, cancel token: ReadToken? = nil) -> ReadResult {
    let edit = Edit(prompt: prompt)
    token?.attach(edit, to: self)
    state.lock()
    if interrupts {
      waiting.insert(edit, at: 0)
      active?.putAside = true
      if active != nil { poke() }
    } else {
      waiting.append(edit)
    }
    var result = ReadResult.cancelled
    while true {
      guard awaitTurn(edit) else {
        state.unlock()
        return .cancelled
      }
      state.unlock()
      result = runReadline(edit)
      state.lock()
      active = nil
      state.broadcast()
      guard edit.outcome == .putAside else { break }
      waiting.insert(edit, at: min(1, waiting.count))  // right after the read that stepped in
    }
    flushPending()
    state.unlock()
    return result
  }

  /// Writes output; while a line is being edited it appears above that line. Its control
  /// characters are written visibly (text from a plugin, a server or a script never drives
  /// the terminal), but for `raw` text: a live diagram's own cursor movements, whose lines
  /// `LiveDiagram` has neutralised.
  func write(_ text: String, to descriptor: Int32 = STDOUT_FILENO, raw: Bool = false) {
    var text = redactor.redact(text)
    if !raw {
      text = text.neutralisingControls(
        keepingStyles: descriptor == STDERR_FILENO ? styled.error : styled.output)
    }
    state.lock()
    defer { state.unlock() }
    if active != nil {
      pending.append((descriptor, Array(text.utf8)))
      poke()
    } else {
      fflush(nil)
      Descriptor.write(text, to: descriptor)
    }
  }

  /// Replaces what up-arrow and Ctrl-R recall, from the next line edited on.
  func setHistory(_ entries: [String]) {
    state.lock()
    defer { state.unlock() }
    pendingHistory = entries
  }

  /// Ctrl-C: abandons the line being edited. Returns false when no line was being edited.
  @discardableResult
  func interrupt() -> Bool {
    state.lock()
    defer { state.unlock() }
    guard let active else { return false }
    active.interrupted = true
    poke()
    return true
  }

  /// The window changed size: the line is drawn again for the new width.
  func resized() {
    state.lock()
    defer { state.unlock() }
    resizeRequested = true
    poke()
  }

  /// Gives up a read: it returns `.cancelled`, its prompt erased.
  func cancel(_ edit: Edit) {
    state.lock()
    defer { state.unlock() }
    edit.cancelled = true
    if active === edit { poke() } else { state.broadcast() }
  }

  /// Waits, `state` locked, until `edit` is first in line and nobody edits; false when it
  /// was cancelled first.
  private func awaitTurn(_ edit: Edit) -> Bool {
    while !edit.cancelled && (active != nil || waiting.first !== edit) { state.wait() }
    waiting.removeAll { $0 === edit }
    state.broadcast()
    guard !edit.cancelled else { return false }
    edit.putAside = false
    active = edit
    return true
  }

  /// Writes what was held back while a line was edited. Called with `state` locked.
  func flushPending() {
    fflush(nil)
    for (descriptor, bytes) in pending { Descriptor.write(bytes, to: descriptor) }
    pending.removeAll()
  }

  /// Makes the editing thread's `nextKey` wake up. Called with `state` locked.
  func poke() {
    var byte: UInt8 = 1
    _ = Foundation.write(wakePipe.write, &byte, 1)
  }
}

/// One read of a line, from its start to its result.
final class Edit {
  enum Outcome { case interrupted, cancelled, putAside }

  let prompt: String
  /// Requests from other threads (guarded by the terminal's `state`).
  var interrupted = false
  var cancelled = false
  var putAside = false
  /// How the last `readline` call was ended early, if it was. Editing thread only.
  var outcome: Outcome?
  /// The half-typed line put aside, and the cursor's byte offset in it.
  var saved: (text: [UInt8], point: Int)?

  init(prompt: String) { self.prompt = prompt }
}

/// Lets a reader on another thread give up a read (an `input` source being disposed).
final class ReadToken: @unchecked Sendable {
  private let lock = NSLock()
  private var edit: Edit?
  private weak var terminal: Terminal?
  private var cancelled = false

  func attach(_ edit: Edit, to terminal: Terminal) {
    let cancelNow = lock.withLock {
      self.edit = edit
      self.terminal = terminal
      return cancelled
    }
    if cancelNow { terminal.cancel(edit) }
  }

  /// Whether `cancel()` was called.
  var isCancelled: Bool { lock.withLock { cancelled } }

  func cancel() {
    let target = lock.withLock {
      cancelled = true
      return (edit, terminal)
    }
    if let edit = target.0 { target.1?.cancel(edit) }
  }
}
