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
      outputEnded()
      readers.leave()
    }
    stdout.name = "pipe-plugin \(name) stdout"
    stdout.start()
    let stderr = Thread { [self] in
      readStandardError()
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
    readChunks(from: output) { chunk in
      guard !broken else { return }
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
      Delivery.send(batch, through: context.deliver)
      if let violation {
        broken = true
        violated(violation)
      }
    }
  }

  /// Passes each line of stderr to the log, cut to 64 KiB. After a line longer than 1 MiB the
  /// rest of stderr is dropped.
  private func readStandardError() {
    let shown = 64 << 10
    var splitter = LineSplitter()
    var broken = false
    readChunks(from: errors) { chunk in
      guard !broken else { return }
      do {
        try splitter.feed(chunk) { line in
          let text = String(decoding: line.prefix(shown), as: UTF8.self)
          context.log(name, line.count > shown ? "\(text)… (\(line.count) bytes)" : text)
          return true
        }
      } catch {
        broken = true
        context.log(name, "(\(error); the rest of stderr is left out)")
      }
    }
  }

  /// Reads `pipe` until end of file, then closes it.
  private func readChunks(from pipe: Pipe, _ chunk: (ArraySlice<UInt8>) -> Void) {
    let fd = pipe.fileHandleForReading.fileDescriptor
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = read(fd, &buffer, buffer.count)
      if count < 0, errno == EINTR { continue }
      if count <= 0 { break }
      chunk(buffer[0..<count])
    }
    try? pipe.fileHandleForReading.close()
  }

  /// Handles one line of stdout: replies go into `batch`. Returns what was wrong with the line,
  /// if it broke the protocol.
  private func route(_ line: UnsafeBufferPointer<UInt8>, into batch: inout EventBatch) -> String? {
    let now = uptimeNanoseconds()
    state.withLock { $0.lastHeard = now }
    let message: PluginMessage
    do {
      message = try PluginMessage.decode(line: line)
    } catch {
      return "sent a line that is not a valid message (\(error)): \(snippet(line))"
    }
    switch message {
    case .hello(let hello): return accept(hello)
    case .log(let text):
      context.log(name, text)
      return nil
    case .next(let id, let value, let afterMs):
      return reply(id, .next(value, afterMs: afterMs ?? 0), now, into: &batch)
    case .error(let id, let kind, let message, let status, let afterMs):
      let event = PluginEvent.error(kind: kind, message: message, status: status, afterMs: afterMs ?? 0)
      return reply(id, event, now, into: &batch)
    case .completed(let id, let afterMs):
      return reply(id, .completed(afterMs: afterMs ?? 0), now, into: &batch)
    }
  }

  private func accept(_ hello: Hello) -> String? {
    if checksName, hello.name != name {
      return "says its name is '\(hello.name)', but its file is named for '\(name)'"
    }
    let waiters: [DispatchSemaphore]?? = state.withLock { state in
      switch state.phase {
      case .retired: return .some(nil)
      case .ready: return nil
      case .starting:
        state.phase = .ready(hello)
        defer { state.helloWaiters = [] }
        return state.helloWaiters
      }
    }
    guard case .some(let waiters) = waiters else { return "said hello twice" }
    guard let waiters else { return nil }
    waiters.forEach { $0.signal() }
    context.deliver { [self] in sendQueued() }
    return nil
  }

  /// Hands a reply to its subscription; replies for unknown ids (cancelled ones) are dropped.
  private func reply(_ id: Int, _ event: PluginEvent, _ now: UInt64, into batch: inout EventBatch) -> String?
  {
    enum Outcome {
      case deliver(Delivery?), early, retired
    }
    let outcome: Outcome = state.withLock { state in
      switch state.phase {
      case .starting: return .early
      case .retired: return .retired
      case .ready: break
      }
      if event.isTerminal { return .deliver(state.entries.removeValue(forKey: id)?.delivery) }
      state.entries[id]?.deadline = now + context.deadlineNanoseconds
      return .deliver(state.entries[id]?.delivery)
    }
    switch outcome {
    case .deliver(let delivery?): batch.append((delivery, event))
    case .early: return "sent a reply before its hello"
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
      case .retired: return .failure(PluginHostError(state.failure ?? "plugin '\(name)' stopped"))
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

  /// The process's end is known once stdout is closed and the process has terminated; each waits
  /// a moment for the other (a grandchild may hold stdout open, a plugin may close it and live).
  private func outputEnded() {
    settle { $0.endOfOutput = true }
  }

  func terminated(_ description: String) {
    settle { $0.termination = description }
  }

  private func settle(_ update: (inout State) -> Void) {
    let termination: String?? = state.withLock { state in
      update(&state)
      return state.endOfOutput ? state.termination : nil
    }
    if case .some(let description?) = termination {
      fail(kind: HostErrorKind.pluginCrashed, message: "plugin '\(name)' \(description)", kill: false)
      return
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(300)) { [self] in
      let description = state.withLock { $0.termination } ?? "closed its output"
      fail(kind: HostErrorKind.pluginCrashed, message: "plugin '\(name)' \(description)", kill: true)
    }
  }
}

/// The start of a line, for an error message.
private func snippet(_ line: UnsafeBufferPointer<UInt8>) -> String {
  let text = String(decoding: line.prefix(80), as: UTF8.self)
  return line.count > 80 ? "'\(text)…'" : "'\(text)'"
}
