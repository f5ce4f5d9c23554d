import Foundation
import PluginProtocol

/// Replies read from one chunk of stdout, handed to the loop together in one `deliver`.
typealias EventBatch = [(delivery: Delivery, event: PluginEvent)]

extension PluginProcess {
  /// One thread reads stdout (split into lines, routed by id), one reads stderr (the log).
  func startReaders() {
    readers.enter()
    readers.enter()
    let stdout = Thread { [self] in
      readStandardOutput()
      settle { $0.outputOpen = false }
      readers.leave()
    }
    stdout.name = "pipe-plugin \(name) stdout"
    stdout.start()
    let stderr = Thread { [self] in
      readStandardError()
      if let note = logBudget.withLock({ $0.finish() }) { context.log(name, note) }
      settle { $0.errorsOpen = false }
      readers.leave()
    }
    stderr.name = "pipe-plugin \(name) stderr"
    stderr.start()
  }

  /// Routes each line of stdout. After a violation the rest is read and dropped (the process is
  /// being killed; its end still has to be seen).
  private func readStandardOutput() {
    var splitter = LineSplitter()
    var broken = false
    readChunks(from: child!.output, waitingFor: waitForRoom) { chunk in
      guard !broken else { return }
      // Any byte is a sign of life: a plugin in the middle of a long line is not stuck.
      let now = uptimeNanoseconds()
      state.withLock { $0.lastHeard = now }
      var batch: EventBatch = []
      var violation: String?
      do {
        try splitter.feed(chunk) { line in
          violation = route(line, into: &batch)
          return violation == nil
        }
      } catch {
        violation = "sent \(error)"
      }
      flow.withLock { unconsumed += batch.count }
      Delivery.send(batch, through: context.deliver) { [self] in consumed($0) }
      if let violation {
        broken = true
        violated(violation)
      }
    }
  }

  /// Passes each line of stderr to the log, cut to 64 KiB, within the log's budget (see
  /// `LogBudget`). After a line longer than 1 MiB the rest of stderr is dropped.
  private func readStandardError() {
    let shown = 64 << 10
    var splitter = LineSplitter()
    var broken = false
    readChunks(from: child!.errors) { chunk in
      guard !broken else { return }
      do {
        try splitter.feed(chunk) { line in
          let text = String(decoding: line.prefix(shown), as: UTF8.self)
          log(line.count > shown ? "\(text)… (\(line.count) bytes)" : text)
          return true
        }
      } catch {
        broken = true
        context.log(name, "(\(error); the rest of stderr is left out)")
      }
    }
  }

  /// Waits while `maxUnconsumedEvents` events or more are unconsumed (or until the process is
  /// retired): the plugin, unread, blocks on its writes. Its silence meanwhile is pipe's doing,
  /// so its deadlines are pushed on while it waits.
  private func waitForRoom() {
    flow.withLock {
      while unconsumed >= Self.maxUnconsumedEvents && !isRetired {
        flow.wait(until: Date(timeIntervalSinceNow: 0.25))
        let now = uptimeNanoseconds()
        state.withLock { state in
          state.lastHeard = now
          for id in state.entries.keys { state.entries[id]?.deadline = now + context.deadlineNanoseconds }
        }
      }
    }
  }

  /// `count` events read from the plugin have been consumed (handled, or passed on by the
  /// handler that kept them): reading may resume. Any thread.
  func consumed(_ count: Int) {
    guard count > 0 else { return }
    flow.withLock {
      unconsumed -= count
      if unconsumed < Self.maxUnconsumedEvents { flow.signal() }
    }
  }

  /// Echoes a line the plugin logged, if the budget allows.
  func log(_ line: String) {
    let now = uptimeNanoseconds()
    for shown in logBudget.withLock({ $0.take(line, now: now) }) { context.log(name, shown) }
  }

  /// Reads `fd` until end of file, then closes it; calls `ready` before each read.
  private func readChunks(
    from fd: Int32, waitingFor ready: () -> Void = {}, _ chunk: (ArraySlice<UInt8>) -> Void
  ) {
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      ready()
      let count = read(fd, &buffer, buffer.count)
      if count < 0, errno == EINTR { continue }
      if count <= 0 { break }
      chunk(buffer[0..<count])
    }
    close(fd)
  }

  /// Handles one line of stdout: replies go into `batch`. Returns what was wrong with the line,
  /// if it broke the protocol.
  private func route(_ line: UnsafeBufferPointer<UInt8>, into batch: inout EventBatch) -> String? {
    let now = uptimeNanoseconds()
    let message: PluginMessage
    do {
      message = try PluginMessage.decode(
        line: line, version: state.withLock { $0.hello?.protocolVersion } ?? 1)
    } catch {
      return "sent a line that is not a valid message (\(error)): \(snippet(line))"
    }
    switch message {
    case .hello(let hello): return accept(hello)
    case .log(let text):
      log(text)
      return nil
    case .next(let id, let value, let afterMs):
      return reply(id, .next(value, afterMs: afterMs ?? 0), now, into: &batch)
    case .error(let id, let kind, let message, let status, let afterMs, let retryAfterMs):
      let event = PluginEvent.error(
        kind: kind, message: message, status: status, afterMs: afterMs ?? 0, retryAfterMs: retryAfterMs)
      return reply(id, event, now, into: &batch)
    case .completed(let id, let afterMs):
      return reply(id, .completed(afterMs: afterMs ?? 0), now, into: &batch)
    }
  }

  private func accept(_ hello: Hello) -> String? {
    if checksName, hello.name != name {
      return "says its name is '\(hello.name)', but its file is named for '\(name)'"
    }
    // From version 2 the host says hello too, before any subscribe (they wait for the phase
    // to be ready).
    if hello.protocolVersion >= 2, state.withLock({ $0.hello == nil }) {
      write(
        HostMessage.hello(HostHello(protocolVersion: hello.protocolVersion, version: context.hostVersion))
          .encodedLine())
    }
    let waiters: [DispatchSemaphore]?? = state.withLock { state in
      switch state.phase {
      case .retired: return .some(nil)
      case .ready: return nil
      case .starting:
        state.phase = .ready(hello)
        state.hello = hello
        defer { state.helloWaiters = [] }
        return state.helloWaiters
      }
    }
    guard case .some(let waiters) = waiters else { return "said hello twice" }
    guard let waiters else { return nil }
    context.greeted(self, hello)
    waiters.forEach { $0.signal() }
    context.deliver { [self] in sendQueued() }
    return nil
  }

  /// Hands a reply to its subscription; replies for ids that have ended (cancelled ones) are
  /// dropped, and a reply for an id the plugin was never sent breaks the protocol.
  private func reply(_ id: Int, _ event: PluginEvent, _ now: UInt64, into batch: inout EventBatch) -> String?
  {
    enum Outcome {
      case deliver(Delivery?), early, unsent, retired
    }
    let outcome: Outcome = state.withLock { state in
      switch state.phase {
      case .starting: return .early
      case .retired: return .retired
      case .ready: break
      }
      // A reply for a subscription not yet sent (waiting for the hello, or not even made) is
      // not an answer to anything: the plugin made it up.
      guard (state.firstID..<state.nextID).contains(id), state.entries[id]?.queuedLine == nil else {
        return .unsent
      }
      if event.isTerminal { return .deliver(state.entries.removeValue(forKey: id)?.delivery) }
      state.entries[id]?.deadline = now + context.deadlineNanoseconds
      return .deliver(state.entries[id]?.delivery)
    }
    switch outcome {
    case .deliver(let delivery?): batch.append((delivery, event))
    case .early: return "sent a reply before its hello"
    case .unsent: return "sent a reply for subscription \(id), which it was never sent"
    case .deliver(nil), .retired: break
    }
    return nil
  }

  /// The plugin broke the protocol: it is killed and its subscriptions fail with `badResponse`.
  func violated(_ what: String) {
    fail(kind: HostErrorKind.badResponse, message: "plugin '\(name)' \(what)", kill: true)
  }

  /// Waits until the plugin has said hello (or failed), at most `timeout`.
  func waitForHello(timeout: Duration) -> Result<Hello, PluginHostError> {
    let semaphore = DispatchSemaphore(value: 0)
    let decided: Result<Hello, PluginHostError>? = state.withLock { state in
      switch state.phase {
      case .ready(let hello): return .success(hello)
      case .retired:
        // A hello that was said stays said, whatever the plugin did after it.
        if let hello = state.hello { return .success(hello) }
        return .failure(state.failure ?? PluginHostError("plugin '\(name)' stopped"))
      case .starting:
        state.helloWaiters.append(semaphore)
        return nil
      }
    }
    if let decided { return decided }
    if semaphore.wait(timeout: .now() + .nanoseconds(Int(nanoseconds(timeout)))) == .timedOut {
      fail(
        kind: HostErrorKind.timeout,
        message: "plugin '\(name)' did not say hello within \(describe(timeout))", kill: true)
    }
    return waitForHello(timeout: timeout)
  }

  /// The process's end is known once it has terminated and its stdout and stderr are closed,
  /// so that every line it wrote has been read. Each waits 300 ms at most for the others: a
  /// terminated plugin's group is killed at once (what it forked may hold the pipes open), and
  /// a plugin that closed its stdout but lives on is killed.
  func terminated(_ description: String) {
    kill()
    settle { $0.termination = description }
  }

  private func settle(_ update: (inout State) -> Void) {
    let (done, waits): (String?, Bool) = state.withLock { state in
      let wasTerminated = state.termination != nil
      let hadOutput = state.outputOpen
      update(&state)
      if let termination = state.termination, !state.outputOpen, !state.errorsOpen {
        return (termination, false)
      }
      return (nil, (!wasTerminated && state.termination != nil) || (hadOutput && !state.outputOpen))
    }
    if let done { return ended(done, kill: false) }
    guard waits else { return }
    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(300)) { [self] in
      ended(state.withLock { $0.termination } ?? "closed its output", kill: true)
    }
  }

  /// The plugin has ended: its subscriptions fail, with the last line it logged if any.
  private func ended(_ description: String, kill: Bool) {
    var message = "plugin '\(name)' \(description)"
    if let last = logBudget.withLock({ $0.lastLine }) { message += "; it last logged: \(last)" }
    fail(kind: HostErrorKind.pluginCrashed, message: message, kill: kill)
  }
}

/// The start of a line, for an error message.
private func snippet(_ line: UnsafeBufferPointer<UInt8>) -> String {
  let text = String(decoding: line.prefix(80), as: UTF8.self)
  return line.count > 80 ? "'\(text)…'" : "'\(text)'"
}
