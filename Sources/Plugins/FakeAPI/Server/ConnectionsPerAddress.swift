import HummingbirdCore
import Logging
import NIOCore
import Synchronization

/// How many connections each client address has open: one with `maximum` open already gets
/// its next closed at once, so that one client's idle connections cannot take the server's
/// (`HummingbirdTransport.maximumConnections`) from everyone else. The log says so once each
/// time an address reaches the limit.
final class ConnectionsPerAddress: Sendable {
  /// A browser opens up to six per site: forty students behind one address (a NAT) still
  /// fit, and so does a load test of 100 connections from one machine (`make bench`'s wrk).
  static let maximum = 256

  private struct Count {
    var open = 0
    var refusalLogged = false
  }

  private let counts = Mutex<[String: Count]>([:])
  private let log: @Sendable (String) -> Void

  init(log: @escaping @Sendable (String) -> Void) {
    self.log = log
  }

  /// Counts a connection from `address`; false if it is one too many (then it is not counted).
  func opened(_ address: String) -> Bool {
    let (admitted, tell) = counts.withLock { counts -> (Bool, Bool) in
      var count = counts[address] ?? Count()
      defer { counts[address] = count }
      guard count.open >= Self.maximum else {
        count.open += 1
        return (true, false)
      }
      defer { count.refusalLogged = true }
      return (false, !count.refusalLogged)
    }
    if tell { log("connections from \(address): \(Self.maximum) open, closing more at once") }
    return admitted
  }

  func closed(_ address: String) {
    counts.withLock { counts in
      guard var count = counts[address] else { return }
      count.open -= 1
      if count.open < Self.maximum / 2 { count.refusalLogged = false }
      counts[address] = count.open > 0 ? count : nil
    }
  }
}

/// A child channel that is refused before anything is set up on it when its address has
/// `ConnectionsPerAddress.maximum` open (closed at once: a burst of thousands is gone in a
/// moment, and the accept queue moves on to other clients); else `Inner`'s, counted while open.
struct LimitedChildChannel<Inner: ServerChildChannel>: ServerChildChannel {
  enum Value: ServerChildChannelValue {
    case served(Inner.Value)
    case refused(any Channel)

    var channel: any Channel {
      switch self {
      case .served(let value): value.channel
      case .refused(let channel): channel
      }
    }
  }

  let inner: Inner
  let limit: ConnectionsPerAddress

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
    let address = channel.remoteAddress?.ipAddress ?? "?"
    guard limit.opened(address) else {
      channel.close(promise: nil)
      return channel.eventLoop.makeSucceededFuture(.refused(channel))
    }
    let limit = limit
    channel.closeFuture.whenComplete { _ in limit.closed(address) }
    return inner.setup(channel: channel, logger: logger).map { .served($0) }
  }

  func handle(value: Value, logger: Logger) async {
    if case .served(let served) = value { await inner.handle(value: served, logger: logger) }
  }
}
