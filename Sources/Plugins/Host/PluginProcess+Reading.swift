import Foundation
import PluginProtocol

extension PluginProcess {
  /// One thread reads stdout (split into lines, routed by id), one reads stderr (the log).
  func startReaders() {
    let stdout = Thread { [self] in
      readLines(from: output, maxLineLength: LineSplitter.defaultMaxLineLength) { route($0) }
      outputEnded()
    }
    stdout.name = "pipe-plugin \(name) stdout"
    stdout.start()
    let stderr = Thread { [self] in
      readLines(from: errors, maxLineLength: 64 << 10) { line in
        context.log(name, String(decoding: line, as: UTF8.self))
        return true
      }
    }
    stderr.name = "pipe-plugin \(name) stderr"
    stderr.start()
  }

  /// Reads `pipe` until end of file. After `line` returns false, or a line is too long, the
  /// rest is read and dropped (the process is being killed; its end still has to be seen).
  private func readLines(
    from pipe: Pipe, maxLineLength: Int, _ line: (UnsafeBufferPointer<UInt8>) -> Bool
  ) {
    let fd = pipe.fileHandleForReading.fileDescriptor
    var splitter = LineSplitter(maxLineLength: maxLineLength)
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    var broken = false
    while true {
      let count = read(fd, &buffer, buffer.count)
      if count < 0, errno == EINTR { continue }
      if count <= 0 { break }
      if broken { continue }
      do {
        try splitter.feed(buffer[0..<count]) { text in
          broken = !line(text)
          return !broken
        }
      } catch {
        broken = true
        violated("sent \(error)")
      }
    }
    try? pipe.fileHandleForReading.close()
  }

  /// Handles one line of stdout; false if it broke the protocol.
  private func route(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    let now = uptimeNanoseconds()
    state.withLock { $0.lastHeard = now }
    let message: PluginMessage
    do {
      message = try PluginMessage.decode(line: line)
    } catch {
      violated("sent a line that is not a valid message (\(error)): \(snippet(line))")
      return false
    }
    switch message {
    case .hello(let hello): return accept(hello)
    case .log(let text):
      context.log(name, text)
      return true
    case .next(let id, let value, let afterMs): return reply(id, .next(value, afterMs: afterMs ?? 0), now)
    case .error(let id, let kind, let message, let status, let afterMs):
      return reply(id, .error(kind: kind, message: message, status: status, afterMs: afterMs ?? 0), now)
    case .completed(let id, let afterMs): return reply(id, .completed(afterMs: afterMs ?? 0), now)
    }
  }

  private func accept(_ hello: Hello) -> Bool {
    if checksName, hello.name != name {
      violated("says its name is '\(hello.name)', but its file is named for '\(name)'")
      return false
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
    guard case .some(let waiters) = waiters else {
      violated("said hello twice")
      return false
    }
    guard let waiters else { return true }
    waiters.forEach { $0.signal() }
    context.deliver { [self] in sendQueued() }
    return true
  }

  /// Hands a reply to its subscription; replies for unknown ids (cancelled ones) are dropped.
  private func reply(_ id: Int, _ event: PluginEvent, _ now: UInt64) -> Bool {
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
    case .deliver(let delivery): delivery?.send(event)
    case .early: violated("sent a reply before its hello")
    case .retired: break
    }
    return true
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
