import Synchronization

/// Sends the events of one subscription to the host; safe to use from any task or thread.
///
/// After the first terminal event (`error` or `completed`), or once the host has cancelled the
/// subscription, every call is dropped. `afterMs` is a simulated latency: the host delivers the
/// event that many milliseconds later on its own clock.
public final class Emitter: Sendable {
  private struct State {
    var finished = false
    var cancelled = false
  }

  /// The host's id for the subscription.
  public let id: Int
  private let output: Output
  private let state = Mutex(State())

  init(id: Int, output: Output) {
    self.id = id
    self.output = output
  }

  /// Whether the host cancelled the subscription (the subscription's task is cancelled too).
  public var isCancelled: Bool { state.withLock { $0.cancelled } }

  /// Whether an `error` or `completed` was sent, or the host cancelled.
  public var isFinished: Bool { state.withLock { $0.finished || $0.cancelled } }

  /// Sends a value.
  public func next(_ value: JSONValue, afterMs: Int? = nil) {
    send(.next(id: id, value: value, afterMs: afterMs), terminal: false)
  }

  /// Ends the subscription with an error of `kind` (a camelCase word). `retryAfterMs` is sent
  /// to a host of protocol 2 or later only.
  public func error(
    _ kind: String, _ message: String, status: Int? = nil, afterMs: Int? = nil, retryAfterMs: Int? = nil
  ) {
    let message = PluginMessage.error(
      id: id, kind: kind, message: message, status: status, afterMs: afterMs,
      retryAfterMs: output.version >= 2 ? retryAfterMs : nil)
    send(message, terminal: true)
  }

  /// Ends the subscription with an error.
  public func error(_ error: PluginError) {
    self.error(
      error.kind, error.message, status: error.status, afterMs: error.afterMs,
      retryAfterMs: error.retryAfterMs)
  }

  /// Ends the subscription normally.
  public func completed(afterMs: Int? = nil) {
    send(.completed(id: id, afterMs: afterMs), terminal: true)
  }

  /// Sends a line to the host's log (the prompt shows it dimmed, with the plugin's name).
  public func log(_ message: String) {
    output.send(.log(message: message))
  }

  /// Marks the subscription cancelled: nothing more is sent for it.
  func cancel() {
    state.withLock { $0.cancelled = true }
  }

  private func send(_ message: PluginMessage, terminal: Bool) {
    // The write happens under the emitter's lock, so nothing can slip in after a terminal event.
    state.withLock { state in
      guard !state.finished, !state.cancelled else { return }
      state.finished = terminal
      output.send(message)
    }
  }
}
