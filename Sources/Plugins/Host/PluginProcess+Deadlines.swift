import Dispatch
import PluginProtocol

extension PluginProcess {
  /// Fails the subscriptions whose deadline has passed with `timeout`, and tells the plugin to
  /// cancel them. If the plugin has said nothing at all for a whole deadline, it is stuck: it is
  /// killed and all its subscriptions fail.
  func checkDeadlines(now: UInt64) {
    enum Verdict {
      case fine, expired([(id: Int, entry: Entry)]), stuck(saidHello: Bool)
    }
    let verdict: Verdict = state.withLock { state in
      if case .retired = state.phase { return .fine }
      let expired = state.entries.filter { $0.value.deadline <= now }.sorted { $0.key < $1.key }
      guard !expired.isEmpty else { return .fine }
      if now &- state.lastHeard >= context.deadlineNanoseconds {
        if case .ready = state.phase { return .stuck(saidHello: true) }
        return .stuck(saidHello: false)
      }
      for (id, _) in expired { state.entries[id] = nil }
      return .expired(expired.map { (id: $0.key, entry: $0.value) })
    }
    let limit = describe(context.deadline)
    switch verdict {
    case .fine: break
    case .stuck(let saidHello):
      let what = saidHello ? "has said nothing for \(limit)" : "did not say hello within \(limit)"
      fail(kind: HostErrorKind.timeout, message: "plugin '\(name)' \(what); it was stopped", kill: true)
    case .expired(let expired):
      for (id, entry) in expired {
        let message = "plugin '\(name)' did not answer within \(limit)"
        entry.delivery.send(.error(kind: HostErrorKind.timeout, message: message, status: nil, afterMs: 0))
        if entry.queuedLine == nil { write(HostMessage.cancel(id: id).encodedLine()) }
      }
    }
  }
}

/// Calls `check` every `interval` on a background queue, until it is deallocated.
final class Watchdog: @unchecked Sendable {
  private let timer: any DispatchSourceTimer

  init(interval: Duration, check: @escaping @Sendable () -> Void) {
    let nanoseconds = Int(nanoseconds(interval))
    timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "pipe.plugins.watchdog"))
    timer.schedule(
      deadline: .now() + .nanoseconds(nanoseconds), repeating: .nanoseconds(nanoseconds),
      leeway: .milliseconds(5))
    timer.setEventHandler(handler: check)
    timer.resume()
  }

  deinit {
    timer.cancel()
  }
}
