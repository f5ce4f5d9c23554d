import Foundation
import Operators
import PipeDSL
import PluginBridge

/// The sessions of one prompt: the current one, and a new one each time `:clock` or `:speed`
/// changes the clock. They share one loop and one set of services (the settings, the cache
/// of last good values, the plugins, the drawings); `let` names are defined again in the
/// new session.
final class SessionHost: @unchecked Sendable {
  let loop = Loop.main
  private let lock = NSLock()
  private var sessions: [Session]
  /// The session new statements run in.
  var current: Session { lock.withLock { sessions.last! } }
  /// Every session started, the current one last; safe from any thread.
  var all: [Session] { lock.withLock { sessions } }
  /// The text of every `let` that compiled, in order, to define again after a clock switch.
  private var bindings: [String] = []

  init(clock: ClockMode, services: sending Services) {
    sessions = [loop.sync { Session.withDrawingSinks(clock: clock, services: services, interactive: true) }]
  }

  /// Starts a session on another clock for the statements that follow.
  func switchClock(to clock: ClockMode) {
    let previous = current
    let session = loop.sync {
      Session.withDrawingSinks(clock: clock, services: previous.services, interactive: true)
    }
    for text in bindings {
      _ = session.execute(SourceFile(name: "<let>", text: text), mode: .file, waitForJobs: false)
    }
    lock.withLock { sessions.append(session) }
  }
  /// Remembers the `let` statements of a text that ran without compile errors.
  func rememberBindings(_ statements: [Statement]) {
    for statement in statements {
      if case .binding = statement.kind { bindings.append(statement.text) }
    }
  }
}
