import FlyingFox
import Foundation

/// Owns the server's run task. FlyingFox's own `stop(timeout:)` waits out its timeout while a
/// keep-alive connection is open, so stopping cancels the task instead.
final class RunTask: @unchecked Sendable {
  private let lock = NSLock()
  private var task: Task<Void, any Error>?
  /// Routes to add before the first start.
  var prepare: (@Sendable () async -> Void)?

  func start(_ server: HTTPServer) async throws {
    if let prepare = take(\.prepare) { await prepare() }
    let task = Task { try await server.run() }
    lock.withLock { self.task = task }
    try await server.waitUntilListening()
  }

  func stop() async {
    guard let task = take(\.task) else { return }
    task.cancel()
    _ = await task.result
  }

  private func take<T>(_ field: ReferenceWritableKeyPath<RunTask, T?>) -> T? {
    lock.withLock {
      defer { self[keyPath: field] = nil }
      return self[keyPath: field]
    }
  }
}
