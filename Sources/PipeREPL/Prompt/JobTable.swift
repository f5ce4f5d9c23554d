import Foundation
import Operators
import PipeDSL

/// The prompt's background jobs, numbered from 1 for the whole prompt (across `:clock`
/// switches, which start new sessions), as `[1] started`, `:jobs` and `:kill 1` show them.
final class JobTable: @unchecked Sendable {
  struct Entry {
    let number: Int
    let job: Job
    let session: Session
    /// The session's clock when the job ended.
    var ended: Time?
  }

  private let lock = NSLock()
  private var entries: [Entry] = []

  /// The job's number, given the first time the job is seen.
  @discardableResult
  func register(_ job: Job, in session: Session) -> Int {
    lock.withLock {
      if let known = entries.first(where: { $0.job === job }) { return known.number }
      let entry = Entry(number: entries.count + 1, job: job, session: session)
      entries.append(entry)
      return entry.number
    }
  }

  /// Notes the clock's time at the job's end, for `:jobs`.
  func ended(_ job: Job, at time: Time) {
    lock.withLock {
      if let index = entries.firstIndex(where: { $0.job === job }) { entries[index].ended = time }
    }
  }

  func entry(_ number: Int) -> Entry? { lock.withLock { entries.first { $0.number == number } } }

  var all: [Entry] { lock.withLock { entries } }

  /// The job's statement without its `&`.
  static func statement(_ job: Job) -> String {
    var text = Substring(job.text).trimmingCharacters(in: .whitespaces)
    if text.hasSuffix("&") { text = String(text.dropLast()).trimmingCharacters(in: .whitespaces) }
    return text
  }

  /// A job's state in a word or two: `running`, `done`, `failed: serverFailure`, `killed`.
  /// Read it on the loop.
  static func summary(_ state: Job.State) -> String {
    switch state {
    case .running: return "running"
    case .ended(.cancelled, _): return "killed"
    case .ended(.horizon, _): return "stopped at the horizon"
    case .ended(.stuck, _): return "stopped: nothing left to wait for"
    case .ended(.runaway, _): return "stopped: a runaway at one instant"
    case .ended(_, .unhandledError(let error)): return "failed: \(error.kind)"
    case .ended(_, .failed): return "failed: expectation"
    case .ended(_, .passed): return "passed"
    case .ended(_, .ok): return "done"
    }
  }
}
