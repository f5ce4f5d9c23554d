import NIOCore
import Synchronization

/// How many connections each client address has open: one with `maximum` open already gets
/// its next closed at once, so that one client's idle connections cannot take the server's
/// (`HummingbirdTransport.maximumConnections`) from everyone else. The log says so once each
/// time an address reaches the limit.
final class ConnectionsPerAddress: Sendable {
  /// A browser opens six per site; a class behind one address (a NAT) still fits.
  static let maximum = 64

  private struct Count {
    var open = 0
    var refusalLogged = false
  }

  private let counts = Mutex<[String: Count]>([:])
  private let log: @Sendable (String) -> Void

  init(log: @escaping @Sendable (String) -> Void) {
    self.log = log
  }

  /// A handler for a new connection's pipeline.
  func handler() -> Handler {
    Handler(limit: self)
  }

  /// Counts a connection from `address`; false if it is one too many (then it is not counted).
  fileprivate func opened(_ address: String) -> Bool {
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

  fileprivate func closed(_ address: String) {
    counts.withLock { counts in
      guard var count = counts[address] else { return }
      count.open -= 1
      if count.open < Self.maximum / 2 { count.refusalLogged = false }
      counts[address] = count.open > 0 ? count : nil
    }
  }

  /// Counts its connection while it is open, or closes it at once when its address has too many.
  final class Handler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    private let limit: ConnectionsPerAddress
    private var counted: String?
    private var seen = false

    fileprivate init(limit: ConnectionsPerAddress) {
      self.limit = limit
    }

    func handlerAdded(context: ChannelHandlerContext) {
      if context.channel.isActive { admit(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
      admit(context)
      context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
      release()
      context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
      release()
    }

    private func admit(_ context: ChannelHandlerContext) {
      guard !seen else { return }
      seen = true
      let address = context.channel.remoteAddress?.ipAddress ?? "?"
      if limit.opened(address) {
        counted = address
      } else {
        context.close(promise: nil)
      }
    }

    private func release() {
      if let counted { limit.closed(counted) }
      counted = nil
    }
  }
}
