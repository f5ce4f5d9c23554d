import Foundation

/// Owns a server's run task: stopping cancels it and waits for it to end. (FlyingFox's own
/// `stop(timeout:)` waits out its timeout while a keep-alive connection is open, and a cancelled
/// task is the one way to stop both servers at once, hung connections included.)
final class RunTask: @unchecked Sendable {
  private let lock = NSLock()
  private var task: Task<Void, any Error>?

  /// Starts `work` in a new task, unless one runs already.
  func start(_ work: @escaping @Sendable () async throws -> Void) {
    lock.withLock {
      if task == nil { task = Task { try await work() } }
    }
  }

  func stop() async {
    let task = lock.withLock {
      defer { self.task = nil }
      return self.task
    }
    task?.cancel()
    _ = await task?.result
  }
}
