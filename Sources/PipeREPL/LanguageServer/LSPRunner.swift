import Dispatch
import Foundation
import PipeDSL
import PluginHost
import Synchronization

/// Runs texts for `pipe lsp` on a thread of its own, never the one that reads requests: one at
/// a time, each on the virtual clock in a session of its own (as `pipe check` grades a file),
/// with the server's plugin host, and within a time budget: a run still going after `budget`
/// seconds is stopped, and a newer version of its document stops it too.
final class LSPRunner: @unchecked Sendable {
  /// One text to run, for one version of a document.
  struct Work: Sendable {
    var uri: String
    var version: Int
    var file: SourceFile
    /// What the run is for, as the log line that announces it says: `drawing`, `document`.
    var purpose: String
    /// Not started before this time (a document run waits for the typing to pause).
    var notBefore: DispatchTime = .now()
    /// Called on the runner's thread with what the run gave (or why it did not end).
    var done: @Sendable (Outcome) -> Void
  }

  /// What a run gave: what it printed, its notes, each `expect` that did not hold.
  struct Outcome: Sendable {
    enum Stop: Sendable, Equatable {
      /// Stopped by the time budget, after this many seconds.
      case budget(Double)
      /// A newer version of the document came first.
      case cancelled
    }
    var lines: [String] = []
    var notes: [String] = []
    var failures: [(statement: Statement, message: String)] = []
    var stop: Stop?
  }

  let budget: Double
  let host: PluginHost
  /// Where the start of each run is announced (the client's log, `window/logMessage`), so
  /// that a client, or a test, knows a run is under way.
  let announce: @Sendable (String) -> Void
  /// The process's environment, read once: where each run's settings and redactor find the
  /// secrets (`PIPE_WEATHER_APIKEY`). The settings themselves are each run's own, since a
  /// document's `set` changes them, and the redactor follows them.
  private let environment = ProcessInfo.processInfo.environment
  /// Guards the three fields below; the runner's thread waits on it for work.
  private let condition = NSCondition()
  private var queue: [Work] = []
  /// The newest version of each document (`Int.max` once closed).
  private var latest: [String: Int] = [:]
  private var running: (uri: String, version: Int, session: Session, cancelled: Bool)?

  init(budget: Double, host: PluginHost, announce: @escaping @Sendable (String) -> Void = { _ in }) {
    self.budget = budget
    self.host = host
    self.announce = announce
    let thread = Thread { [self] in work() }
    thread.name = "pipe lsp runner"
    thread.start()
  }

  func submit(_ work: Work) {
    condition.lock()
    let stale = (latest[work.uri] ?? work.version) > work.version
    if !stale { queue.append(work) }
    condition.signal()
    condition.unlock()
    if stale { work.done(Outcome(stop: .cancelled)) }
  }

  /// A document has a new version (or was closed, `version` nil): what waits for an older one
  /// is dropped (told `cancelled`), and a run of an older one is stopped.
  func changed(_ uri: String, version: Int?) {
    let newest = version ?? Int.max
    condition.lock()
    latest[uri] = newest
    let dropped = queue.filter { $0.uri == uri && $0.version < newest }
    queue.removeAll { $0.uri == uri && $0.version < newest }
    if let current = running, current.uri == uri, current.version < newest {
      running?.cancelled = true
      current.session.interruptAll()
    }
    condition.unlock()
    for work in dropped { work.done(Outcome(stop: .cancelled)) }
  }

  /// Runs `then` if `version` is the newest of `uri`, while no change can come in between.
  func ifCurrent(_ uri: String, version: Int, then: () -> Void) {
    condition.lock()
    defer { condition.unlock() }
    if (latest[uri] ?? version) == version { then() }
  }

  private func work() {
    while true {
      let next = takeDue()
      let outcome = run(next)
      condition.lock()
      running = nil
      condition.unlock()
      next.done(outcome)
    }
  }

  /// The first queued work whose time has come; waits for one.
  private func takeDue() -> Work {
    condition.lock()
    defer { condition.unlock() }
    while true {
      let now = DispatchTime.now()
      if let index = queue.firstIndex(where: { $0.notBefore <= now }) { return queue.remove(at: index) }
      if let first = queue.map(\.notBefore).min() {
        let seconds = Double(first.uptimeNanoseconds - now.uptimeNanoseconds) / 1e9
        _ = condition.wait(until: Date(timeIntervalSinceNow: seconds))
      } else {
        condition.wait()
      }
    }
  }

  /// Runs one text in a session of its own, stopped after `budget` seconds.
  private func run(_ work: Work) -> Outcome {
    let output = BoundedOutput()
    let settings = Settings(environment: environment)
    let redactor = Redactor(settings: settings, environment: environment)
    let session = LanguageServer.session(settings: settings, redactor: redactor, output: output, host: host)
    condition.lock()
    let startNow = (latest[work.uri] ?? work.version) <= work.version
    if startNow { running = (work.uri, work.version, session, false) }
    condition.unlock()
    guard startNow else { return Outcome(stop: .cancelled) }
    announce("running the \(work.purpose) of \(work.uri), version \(work.version)")
    let overBudget = Atomic<Bool>(false)
    let timer = DispatchWorkItem {
      overBudget.store(true, ordering: .relaxed)
      session.interruptAll()
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + budget, execute: timer)
    let report = session.execute(work.file)
    timer.cancel()
    var outcome = Outcome(lines: output.lines, notes: output.errorLines)
    for (statement, result) in report.expectations {
      if case .failed(let message) = result { outcome.failures.append((statement, redactor.redact(message))) }
    }
    condition.lock()
    let cancelled = running?.cancelled == true
    condition.unlock()
    if cancelled {
      outcome.stop = .cancelled
    } else if overBudget.load(ordering: .relaxed) {
      outcome.stop = .budget(budget)
    }
    return outcome
  }
}

/// The output of a run in the language server: its lines kept, up to 256 kB in all (a run
/// that prints more has the rest dropped).
final class BoundedOutput: PipeDSL.OutputStream, Sendable {
  static let maxBytes = 256 * 1024
  private let buffer = Mutex<(lines: [String], errorLines: [String], bytes: Int)>(([], [], 0))

  var lines: [String] { buffer.withLock { $0.lines } }
  var errorLines: [String] { buffer.withLock { $0.errorLines } }

  func line(_ text: String) { buffer.withLock { keep(text, in: &$0.lines, &$0.bytes) } }
  func errorLine(_ text: String) { buffer.withLock { keep(text, in: &$0.errorLines, &$0.bytes) } }

  private func keep(_ text: String, in lines: inout [String], _ bytes: inout Int) {
    guard bytes + text.utf8.count <= BoundedOutput.maxBytes else { return }
    bytes += text.utf8.count + 1
    lines.append(text)
  }
}
