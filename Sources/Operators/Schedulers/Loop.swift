import Dispatch

/// The one serial run loop that owns every observable, subject and operator.
///
/// Work from elsewhere — plugin replies, HTTP answers, lines typed at the prompt — is
/// posted here and runs in order. Engine objects are not thread-safe by design; the loop
/// is the only door between threads and the engine.
///
/// There is one loop in a process, `Loop.main`, and it is the executor of the global actor
/// `LoopActor`: code marked `@LoopActor` (the session, its jobs) runs on the loop's queue,
/// and the compiler refuses to touch it from another thread without `sync` or `post`. The
/// isolation costs nothing at run time: the work runs on the queue as it always did.
public final class Loop: SerialExecutor, @unchecked Sendable {
  /// The process's loop.
  public static let main = Loop(label: "pipe.loop")

  /// The queue all engine work runs on.
  public let queue: DispatchQueue
  private let key = DispatchSpecificKey<Bool>()

  private init(label: String) {
    queue = DispatchQueue(label: label)
    queue.setSpecific(key: key, value: true)
  }

  /// Whether the caller is running on this loop.
  public var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }

  /// Runs `work` on the loop, after what is already posted.
  public func post(_ work: @escaping @LoopActor () -> Void) {
    let box = UncheckedSendable(work)
    queue.async { LoopActor.assumeIsolated(box.value) }
  }

  /// Runs `work` on the loop and waits for its result; must not be called from the loop.
  public func sync<T: Sendable>(_ work: @LoopActor () throws -> T) rethrows -> T {
    precondition(!isCurrent, "Loop.sync called on the loop itself")
    return try queue.sync { try LoopActor.assumeIsolated(work) }
  }

  // MARK: SerialExecutor

  public func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedSerialExecutor()
    queue.async { job.runSynchronously(on: executor) }
  }

  public func asUnownedSerialExecutor() -> UnownedSerialExecutor { UnownedSerialExecutor(ordinary: self) }

  public func checkIsolated() {
    dispatchPrecondition(condition: .onQueue(queue))
  }
}

/// The global actor of the run loop: what is marked `@LoopActor` lives on `Loop.main`.
@globalActor public actor LoopActor {
  public static let shared = LoopActor()

  public nonisolated var unownedExecutor: UnownedSerialExecutor { Loop.main.asUnownedSerialExecutor() }

  /// Runs `work`, isolated to the loop, from code the compiler cannot see is on the loop (a
  /// block the loop's queue runs); stops the process if it is not.
  public static func assumeIsolated<T>(_ work: @LoopActor () throws -> T) rethrows -> T {
    precondition(Loop.main.isCurrent, "LoopActor.assumeIsolated called off the loop")
    typealias Unisolated = () throws -> T
    return try withoutActuallyEscaping(work) { work in
      try unsafeBitCast(work, to: Unisolated.self)()
    }
  }
}

/// Carries a value across threads where the engine guarantees it is only used on the loop.
public struct UncheckedSendable<Value>: @unchecked Sendable {
  public let value: Value
  public init(_ value: Value) { self.value = value }
}
