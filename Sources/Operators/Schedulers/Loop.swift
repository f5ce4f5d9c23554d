import Dispatch

/// The one serial run loop that owns every observable, subject and operator.
///
/// Work from elsewhere — plugin replies, HTTP answers, lines typed at the prompt — is
/// posted here and runs in order. Engine objects are not thread-safe by design; the loop
/// is the only door between threads and the engine.
public final class Loop: @unchecked Sendable {
  /// The queue all engine work runs on.
  public let queue: DispatchQueue
  private let key = DispatchSpecificKey<Bool>()

  public init(label: String = "pipe.loop") {
    queue = DispatchQueue(label: label)
    queue.setSpecific(key: key, value: true)
  }

  /// Whether the caller is running on this loop.
  public var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }

  /// Runs `work` on the loop, after what is already posted.
  public func post(_ work: @escaping () -> Void) {
    let box = UncheckedSendable(work)
    queue.async { box.value() }
  }

  /// Runs `work` on the loop and waits for its result; must not be called from the loop.
  public func sync<T>(_ work: () throws -> T) rethrows -> T {
    precondition(!isCurrent, "Loop.sync called on the loop itself")
    return try queue.sync(execute: work)
  }
}

/// Carries a value across threads where the engine guarantees it is only used on the loop.
public struct UncheckedSendable<Value>: @unchecked Sendable {
  public let value: Value
  public init(_ value: Value) { self.value = value }
}
