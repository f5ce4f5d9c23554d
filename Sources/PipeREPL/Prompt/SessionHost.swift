import Foundation
import Operators
import PipeDSL

/// The sessions of one prompt: the current one, and a new one each time `:clock` or `:speed`
/// changes the clock. They share one loop, the settings, the cache of last good values, the
/// catalogue and the plugins; `let` names are defined again in the new session.
final class SessionHost: @unchecked Sendable {
  let loop: Loop
  let settings: Settings
  let catalogue: Catalogue
  let output: ReplOutput
  /// Sets a new session up (handlers, ask); called before it runs anything.
  private let configure: (Session) -> Void
  private let lock = NSLock()
  private var sessions: [Session]
  /// The session new statements run in.
  var current: Session { lock.withLock { sessions.last! } }
  /// Every session started, the current one last; safe from any thread.
  var all: [Session] { lock.withLock { sessions } }
  /// The text of every `let` that compiled, in order, to define again after a clock switch.
  private var bindings: [String] = []

  init(
    clock: ClockMode, seed: Int?, loop: Loop, settings: Settings, catalogue: Catalogue, output: ReplOutput,
    configure: @escaping (Session) -> Void
  ) {
    self.loop = loop
    self.settings = settings
    self.catalogue = catalogue
    self.output = output
    self.configure = configure
    if let seed { settings.set("seed", .int(seed)) }
    let session = Session(clock: clock, output: output, settings: settings, catalogue: catalogue, loop: loop)
    sessions = [session]
    configure(session)
    if let seed { loop.sync { session.runtime.seed = UInt64(bitPattern: Int64(seed)) } }
  }

  /// Starts a session on another clock for the statements that follow.
  func switchClock(to clock: ClockMode) {
    let previous = current
    let session = Session(clock: clock, output: output, settings: settings, catalogue: catalogue, loop: loop)
    configure(session)
    loop.sync {
      session.runtime.sources = previous.runtime.sources
      session.runtime.cache = previous.runtime.cache
      session.runtime.seed = previous.runtime.seed
      session.compiler.catalogue = previous.compiler.catalogue
      session.compiler.externalSources = previous.compiler.externalSources
    }
    for text in bindings {
      _ = session.execute(SourceFile(name: "<let>", text: text), mode: .file, waitForJobs: false)
    }
    lock.withLock { sessions.append(session) }
  }

  /// Remembers the `let` statements of a text that ran without compile errors.
  func rememberBindings(in file: SourceFile, mode: Lexer.Mode) {
    for statement in Parser.parse(file, mode: mode).tree.statements {
      if case .binding = statement.kind { bindings.append(statement.text) }
    }
  }
}
