import PluginProtocol

/// What a plugin subscription delivers: values, then one error or completion.
///
/// `afterMs` is the simulated latency the plugin asked for (0 when it asked for none): the engine
/// delivers the event that many milliseconds after the subscription's previous event (after the
/// subscribe, for the first one) on its own clock, virtual or real.
public enum PluginEvent: Sendable, Hashable {
  case next(JSONValue, afterMs: Int)
  /// `retryAfterMs`: how long the service asked to be left alone (protocol 2), if it did.
  case error(kind: String, message: String, status: Int?, afterMs: Int, retryAfterMs: Int? = nil)
  case completed(afterMs: Int)

  /// Whether this event ends the subscription.
  public var isTerminal: Bool {
    if case .next = self { return false }
    return true
  }
}

/// The error kinds the host raises for a plugin's failures.
public enum HostErrorKind {
  /// The plugin exited, crashed, could not be started, or is not there.
  public static let pluginCrashed = "pluginCrashed"
  /// The plugin said nothing about a subscription for longer than the deadline.
  public static let timeout = "timeout"
  /// The plugin wrote something that is not a valid message: not JSON, too long, a wrong
  /// protocol version, a message out of place.
  public static let badResponse = "badResponse"
}
