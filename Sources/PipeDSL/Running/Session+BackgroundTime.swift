import Dispatch
import Operators

extension Session {
  /// How long one slice of background time may keep the loop, in nanoseconds: the prompt's
  /// statements and Ctrl-C get their turn between slices.
  static let backgroundSlice: UInt64 = 5_000_000

  /// At the prompt, while no statement runs in the foreground, the virtual clock moves on
  /// for the background jobs by itself, as fast as it can, so a job ends without help. It
  /// moves in slices posted to the loop; a job that waits for something else (a setting, a
  /// request in flight, a line typed) leaves nothing due, and nothing is posted.
  func moveBackgroundJobs() {
    guard interactive, !left, let virtual, !backgroundSlicePosted, !virtual.isHeld,
      virtual.nextDueTime != nil,
      jobs.contains(where: \.isRunning)
    else { return }
    backgroundSlicePosted = true
    loop.post { [self] in
      backgroundSlicePosted = false
      runBackgroundSlice()
    }
  }

  /// Runs the virtual clock's due items for the background jobs for at most one slice, then
  /// posts the next; a foreground statement, while it runs, drives the clock itself (`pump`).
  private func runBackgroundSlice() {
    guard let virtual, !pumping, !left else { return }
    let running = jobs.filter(\.isRunning)
    guard !running.isEmpty, !running.contains(where: { !$0.background }) else { return }
    pumping = true
    let deadline = horizonDeadline(running)
    let start = DispatchTime.now().uptimeNanoseconds
    while !virtual.isHeld, let next = virtual.nextDueTime, next <= deadline,
      DispatchTime.now().uptimeNanoseconds - start < Session.backgroundSlice
    {
      virtual.advance(to: next)
      if endStoppedJobs() { break }  // a runaway made the clock return early
    }
    pumping = false
    if !virtual.isHeld, let next = virtual.nextDueTime, next > deadline {
      endPastHorizon(running, next: next)
    }
    moveBackgroundJobs()
  }

  /// The earliest time a running job reaches the horizon.
  func horizonDeadline(_ running: [Job]) -> Time {
    running.map { $0.start + horizon }.min() ?? virtual?.now ?? .zero
  }

  /// The `horizon` setting: how much virtual time a job may take.
  var horizon: Time { Time.seconds(runtime.settings["horizon"].number ?? 3600) }

  /// Ends, with a note, the jobs that would pass the horizon before the clock's next item.
  func endPastHorizon(_ running: [Job], next: Time) {
    for job in running where job.isRunning && job.start + horizon < next {
      runtime.output.errorLine("note: stopped '\(job.quoted)' after \(horizon) of virtual time (the horizon)")
      job.end(.horizon)
    }
  }
}
