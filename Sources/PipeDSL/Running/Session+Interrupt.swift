import Operators
import Synchronization

/// The controls of a session's running jobs, reachable from any thread: Ctrl-C and SIGINT
/// must stop a job whose tight loop keeps the run loop busy, so they cannot wait for it.
final class Interruptions: Sendable {
  private struct Entry: Sendable {
    let control: RunControl
    /// A foreground job, or one still being subscribed: what Ctrl-C stops.
    var foreground: Bool
  }

  private let entries = Mutex<[Entry]>([])
  private let interrupted = Atomic<Bool>(false)

  /// Whether `interruptAll` was called: a script runs no further statement.
  var wereAllInterrupted: Bool { interrupted.load(ordering: .relaxed) }

  func add(_ control: RunControl) {
    entries.withLock { $0.append(Entry(control: control, foreground: true)) }
  }

  /// A background job has been subscribed: Ctrl-C leaves it alone from now on.
  func moveToBackground(_ control: RunControl) {
    entries.withLock { entries in
      if let index = entries.firstIndex(where: { $0.control === control }) {
        entries[index].foreground = false
      }
    }
  }

  func remove(_ control: RunControl) {
    entries.withLock { $0.removeAll { $0.control === control } }
  }

  /// Whether a foreground job (or one still being subscribed) is registered: what Ctrl-C stops.
  var hasForeground: Bool { entries.withLock { $0.contains { $0.foreground } } }

  /// Stops the foreground jobs (and any job still being subscribed).
  func interruptForeground() {
    for entry in entries.withLock({ $0 }) where entry.foreground { entry.control.stop(.interrupted) }
  }

  /// Stops every job, and every later statement.
  func interruptAll() {
    interrupted.store(true, ordering: .relaxed)
    for entry in entries.withLock({ $0 }) { entry.control.stop(.interrupted) }
  }
}

extension Session {
  /// Ctrl-C: stops the statement running in the foreground, however tight its loop, within
  /// moments; its sink concludes and a note says so. Safe from any thread.
  public nonisolated func interrupt() { interruptions.interruptForeground() }

  /// SIGINT in a script: stops every job at once and runs no further statement. Safe from
  /// any thread.
  public nonisolated func interruptAll() { interruptions.interruptAll() }

  /// Whether a statement runs in the foreground now: what `interrupt` would stop. Safe from
  /// any thread.
  public nonisolated var isRunningInForeground: Bool { interruptions.hasForeground }

  /// Whether `interruptAll` was called.
  public nonisolated var wasInterrupted: Bool { interruptions.wereAllInterrupted }

  /// A control for a new job: registered for Ctrl-C until the job ends; once stopped, it
  /// makes the virtual clock return and has the job ended on the loop.
  func makeControl() -> RunControl {
    let control = RunControl(clock: runtime.scheduler)
    let clock = UncheckedSendable(virtual)
    // Weak: the session keeps its jobs and so their controls; a strong reference back would
    // keep every session that ever ran a statement alive (one per `:clock` and `:speed`).
    control.onStop { [weak self] _ in
      clock.value?.interrupt()
      guard let self else { return }
      self.loop.post { self.endStoppedJobs() }
    }
    interruptions.add(control)
    return control
  }

  /// Ends, with a note, every running job whose control was stopped; returns whether any
  /// was. Runs on the loop.
  @discardableResult
  func endStoppedJobs() -> Bool {
    var ended = false
    for job in jobs where job.isRunning {
      guard let reason = job.control.reason else { continue }
      ended = true
      job.consumer?.eraseLiveDrawing()  // the note goes below the final drawing, not under a live one
      switch reason {
      case .interrupted:
        runtime.output.errorLine("note: stopped '\(job.quoted)' (Ctrl-C)")
        job.end(.cancelled)
      case .runaway(let count, let instant):
        runtime.output.errorLine(
          "note: stopped '\(job.quoted)' after \(count) resubscriptions at \(instant) without time moving: "
            + "it would loop forever; let time pass between attempts (retryWhen constant(1s, times: 3)) "
            + "or bound them (retry 3, repeat 3)")
        job.end(.runaway)
      case .limit:
        job.end(.terminated)  // the sink has the error, and reports it
      }
    }
    return ended
  }
}
