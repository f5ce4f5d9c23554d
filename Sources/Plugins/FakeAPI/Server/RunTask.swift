import Foundation

/// Owns a server's run task: stopping cancels it and waits for it to end, which closes every
/// connection still open (`HummingbirdTransport.stop()` shuts the server down gracefully first).
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
