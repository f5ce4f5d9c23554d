/// A running subscription to a plugin's source. `cancel()` ends it: the handler is not called
/// again, and the plugin is sent `cancel`.
public final class PluginSubscription: Sendable {
  private let delivery: Delivery
  private let process: PluginProcess?
  private let id: Int

  init(delivery: Delivery, process: PluginProcess?, id: Int) {
    self.delivery = delivery
    self.process = process
    self.id = id
  }

  /// Ends the subscription. Call it on the engine loop (where `deliver` runs work); calling it
  /// twice, or after the terminal event, does nothing.
  public func cancel() {
    delivery.finish()
    process?.cancel(id: id)
  }

  /// Says that `count` events the handler kept (it returned true) have been passed on or
  /// dropped, so the plugin may be read further. Any thread.
  public func consumed(_ count: Int) {
    process?.consumed(count)
  }
}

/// Hands one subscription's events to its handler on the engine loop, and never after the
/// terminal event or `cancel()`.
///
/// `handler` and `finished` are touched only on the engine loop: inside work passed to
/// `deliver`, and in `finish()`, which `PluginSubscription.cancel()` calls on the loop. That
/// contract is what makes the unchecked `Sendable` sound.
final class Delivery: @unchecked Sendable {
  /// Returns true for an event it keeps (see `PluginHost.subscribeHolding`).
  private let handler: (PluginEvent) -> Bool
  private let deliver: @Sendable (@escaping @Sendable () -> Void) -> Void
  private var finished = false

  init(
    handler: @escaping (PluginEvent) -> Bool,
    deliver: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void
  ) {
    self.handler = handler
    self.deliver = deliver
  }

  /// Sends `event` to the handler on the loop (from any thread).
  func send(_ event: PluginEvent) {
    deliver { [self] in handle(event) }
  }

  /// Sends several events, each to its subscription's handler, in order, with one hop; then
  /// tells `consumed` how many of them no handler kept.
  static func send(
    _ batch: EventBatch, through deliver: @Sendable (@escaping @Sendable () -> Void) -> Void,
    consumed: @escaping @Sendable (Int) -> Void
  ) {
    guard !batch.isEmpty else { return }
    deliver {
      var released = 0
      for (delivery, event) in batch where !delivery.handle(event) { released += 1 }
      consumed(released)
    }
  }

  /// Calls the handler, unless the subscription has ended (on the loop). Returns whether the
  /// handler kept the event.
  @discardableResult
  private func handle(_ event: PluginEvent) -> Bool {
    guard !finished else { return false }
    finished = event.isTerminal
    return handler(event)
  }

  /// Stops all further delivery (on the loop).
  func finish() {
    finished = true
  }
}
