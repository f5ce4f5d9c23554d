import Foundation
import PluginProtocol
import Synchronization

/// What every plugin process needs from its host.
struct HostContext: Sendable {
  /// Runs work on the engine loop.
  let deliver: @Sendable (@escaping @Sendable () -> Void) -> Void
  /// Takes a plugin's log line (on the loop).
  let log: @Sendable (_ plugin: String, _ line: String) -> Void
  let deadline: Duration
  let environment: [String: String]
  /// Called once, when a process stops being usable, so the next subscribe starts a new one.
  let retired: @Sendable (PluginProcess) -> Void
  /// Called when a process has said a valid hello.
  let greeted: @Sendable (PluginProcess, Hello) -> Void
  /// The host's version, for its hello.
  let hostVersion: String

  var deadlineNanoseconds: UInt64 { nanoseconds(deadline) }
}

/// One running plugin process: its pipes, its reader threads, its subscriptions by id.
///
/// Every failure ends in `fail(kind:message:kill:)`, which retires the process and turns each of
/// its subscriptions into an error event; nothing a plugin does can reach further than that.
final class PluginProcess: @unchecked Sendable {
  struct Entry {
    let delivery: Delivery
    /// When the subscription times out unless its plugin says something about it.
    var deadline: UInt64
    /// The `subscribe` line, while it waits for the hello.
    var queuedLine: [UInt8]?
  }

  enum Phase {
    case starting, ready(Hello), retired
  }

  struct State {
    var phase = Phase.starting
    /// The hello, once said (kept when the process is retired).
    var hello: Hello?
    var entries: [Int: Entry] = [:]
    /// Subscriptions are numbered on from an arbitrary start, not 1, so that a reply a plugin
    /// makes up (for id 1, say) cannot be taken for the answer to a subscription it was sent.
    let firstID = Int.random(in: 1...1_000_000_000)
    lazy var nextID = firstID
    var lastHeard: UInt64
    /// Why the process was retired, for whoever waits for its hello.
    var failure: PluginHostError?
    var helloWaiters: [DispatchSemaphore] = []
    var outputOpen = true
    var errorsOpen = true
    var termination: String?
  }

  /// The plugin's name, as its file says it.
  let name: String
  let path: String
  /// Whether the hello must say `name` (not for a plugin loaded by hand).
  let checksName: Bool
  let context: HostContext
  let state: Mutex<State>
  /// The process, once `launch()` has started it (before the process is shared).
  private(set) var child: ChildProcess?
  /// What it wrote to the log (stderr, `log` messages): the echo's budget and the last line.
  let logBudget = Mutex(LogBudget())
  /// Left by each reader thread when its pipe has ended.
  let readers = DispatchGroup()
  /// How many events read from a plugin may be unconsumed (on their way to the loop, or kept by
  /// a subscription until their time) before its stdout is no longer read.
  static let maxUnconsumedEvents = 4096
  /// Guards `unconsumed`, and wakes the stdout reader waiting for room.
  let flow = NSCondition()
  /// Events read and not yet consumed (under `flow`).
  var unconsumed = 0
  /// Serialises writes to stdin; true once stdin is closed.
  private let inputLock = Mutex(false)

  init(path: String, name: String, checksName: Bool, context: HostContext) {
    self.path = path
    self.name = name
    self.checksName = checksName
    self.context = context
    self.state = Mutex(State(lastHeard: uptimeNanoseconds()))
  }

  /// Starts the executable and its reader threads; throws a message if it cannot start.
  func launch() throws(PluginHostError) {
    var environment = pluginEnvironment(ProcessInfo.processInfo.environment, for: checksName ? name : nil)
      .merging(context.environment) { $1 }
    environment["SWIFT_BACKTRACE"] = "enable=no"
    environment[pluginProtocolsVariable] = pluginProtocolVersions.map(String.init).joined(separator: ",")
    do {
      child = try ChildProcess.spawn(path: path, environment: environment)
    } catch {
      throw PluginHostError("cannot start plugin '\(name)' (\(path)): \(error.message)")
    }
    child?.watch { [weak self] description in self?.terminated(description) }
    startReaders()
  }

  /// Whether the process has been retired (it is stopped or stopping).
  var isRetired: Bool {
    state.withLock { state in
      if case .retired = state.phase { return true }
      return false
    }
  }

  /// Registers a subscription and sends it (or queues it until the hello). Nil if the process
  /// has been retired meanwhile.
  func subscribe(_ request: Subscribe, delivery: Delivery) -> Int? {
    let now = uptimeNanoseconds()
    let sent: (id: Int, line: [UInt8]?)? = state.withLock { state in
      if case .retired = state.phase { return nil }
      var request = request
      request.id = state.nextID
      state.nextID += 1
      let line = HostMessage.subscribe(request).encodedLine()
      let isReady = if case .ready = state.phase { true } else { false }
      state.entries[request.id] = Entry(
        delivery: delivery, deadline: now + context.deadlineNanoseconds, queuedLine: isReady ? nil : line)
      return (request.id, isReady ? line : nil)
    }
    if let line = sent?.line { write(line) }
    return sent?.id
  }

  /// Forgets subscription `id` and tells the plugin, if it was sent.
  func cancel(id: Int) {
    // Under the input lock, so that a cancel cannot overtake the subscribe it cancels.
    inputLock.withLock { closed in
      let entry = state.withLock { $0.entries.removeValue(forKey: id) }
      if let entry, entry.queuedLine == nil, !closed { writeLine(HostMessage.cancel(id: id).encodedLine()) }
    }
  }

  /// Sends the subscriptions that waited for the hello, in order.
  func sendQueued() {
    inputLock.withLock { closed in
      let lines: [[UInt8]] = state.withLock { state in
        let ids = state.entries.filter { $0.value.queuedLine != nil }.keys.sorted()
        return ids.map { id in
          defer { state.entries[id]?.queuedLine = nil }
          return state.entries[id]!.queuedLine!
        }
      }
      if !closed { lines.forEach(writeLine) }
    }
  }

  /// Writes one line to the plugin's stdin, unless it is closed.
  func write(_ line: [UInt8]) {
    inputLock.withLock { closed in
      if !closed { writeLine(line) }
    }
  }

  /// A dead plugin makes a write fail quietly: its end is reported by its termination.
  private func writeLine(_ line: [UInt8]) {
    guard let fd = child?.input else { return }
    line.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0, errno == EINTR { continue }
        if written <= 0 { return }
        offset += written
      }
    }
  }

  /// Retires the process: every subscription gets the error, hello waiters wake up, and the
  /// process is killed if `kill` (it is broken or stuck). Only the first call has any effect.
  func fail(kind: String, message: String, kill: Bool) {
    let taken: (entries: [Entry], waiters: [DispatchSemaphore])? = state.withLock { state in
      if case .retired = state.phase { return nil }
      state.phase = .retired
      state.failure = PluginHostError(message, kind: kind)
      defer { (state.entries, state.helloWaiters) = ([:], []) }
      return (state.entries.sorted { $0.key < $1.key }.map(\.value), state.helloWaiters)
    }
    guard let taken else { return }
    context.retired(self)
    for entry in taken.entries {
      entry.delivery.send(.error(kind: kind, message: message, status: nil, afterMs: 0))
    }
    for waiter in taken.waiters { waiter.signal() }
    flow.withLock { flow.broadcast() }
    if kill { self.kill() }
    closeInput()
  }

  /// Kills the process and everything it forked with SIGKILL (stopped ones too).
  func kill() {
    child?.killGroup()
  }

  private func closeInput() {
    inputLock.withLock { closed in
      guard !closed else { return }
      closed = true
      if let fd = child?.input { close(fd) }
    }
  }
}
