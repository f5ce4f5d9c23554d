import Foundation
import PipeProcessSupport

/// Runs a program from any thread: one that does not end in time is killed and the run
/// throws, so that the failure reaches the test on its own thread (XCTFail from a worker
/// thread does not).
enum WorkerRun {
  struct TimedOut: Error, CustomStringConvertible {
    var description: String
  }

  /// `pipe ARGUMENTS`, as `PipeProcess.run` starts it.
  static func pipe(_ arguments: [String], timeout: TimeInterval = 60) throws -> PipeRun {
    try wait(
      Spawned(arguments, environment: PipeProcess.environment(), directory: PipeProcess.repository),
      timeout: timeout)
  }

  /// Another program, with the tests' own environment and `extra`.
  static func program(
    _ executable: String, _ arguments: [String], environment extra: [String: String] = [:],
    directory: URL? = nil, timeout: TimeInterval = 60
  ) throws -> PipeRun {
    let environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
    return try wait(
      Spawned(arguments, environment: environment, executable: executable, directory: directory),
      timeout: timeout)
  }

  private static func wait(_ spawned: Spawned, timeout: TimeInterval) throws -> PipeRun {
    var timedOut: String?
    let finished = spawned.wait(timeout: timeout) { timedOut = $0 }
    if let timedOut { throw TimedOut(description: timedOut) }
    return finished
  }

  /// `body` for each index, a core at a time; the results in order.
  static func each<T>(_ count: Int, _ body: @escaping @Sendable (Int) -> Result<T, any Error>) -> [Result<
    T, any Error
  >] {
    let results = Results<T>(count)
    DispatchQueue.concurrentPerform(iterations: count) { index in results.set(index, body(index)) }
    return results.all
  }

  private final class Results<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Result<T, any Error>?]
    init(_ count: Int) { values = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ value: Result<T, any Error>) { lock.withLock { values[index] = value } }
    var all: [Result<T, any Error>] { lock.withLock { values.map { $0! } } }
  }
}
