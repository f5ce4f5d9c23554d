import Operators
import PipeDSL
import TerminalText

extension Repl {
  /// `:jobs`: `[1] done     3s virtual  every 1s | take 3`: each job's state, the time it
  /// has run (to its end) on its session's clock, and its statement.
  func listJobs() -> CommandReply {
    let entries = jobs.all
    guard !entries.isEmpty else { return .text("no background jobs (PIPELINE & starts one)") }
    let rows = host.loop.sync {
      entries.map { entry in
        let elapsed = (entry.ended ?? entry.session.runtime.scheduler.now) - entry.job.start
        let clock = entry.session.clock == .virtual ? " virtual" : ""
        return ["[\(entry.number)]", JobTable.summary(entry.job.state), "\(elapsed)\(clock)"]
      }
    }
    let widths = (0..<2).map { column in rows.map { $0[column + 1].displayWidth }.max() ?? 0 }
    return .text(
      zip(rows, entries).map { row, entry in
        row[0] + " " + row[1].padded(toWidth: widths[0]) + "  " + row[2].padded(toWidth: widths[1]) + "  "
          + JobTable.statement(entry.job)
      })
  }

  /// `:kill N`: disposes a background job.
  func kill(_ command: Command) throws(CommandError) -> CommandReply {
    let word = try PromptCommands.argument(command, usage: ":kill N")
    guard let number = Int(word.hasPrefix("%") ? String(word.dropFirst()) : word),
      let entry = jobs.entry(number)
    else { throw .problem("no job \(word) (:jobs lists them)") }
    let running = host.loop.sync { entry.job.isRunning }
    guard running else { return .note("[\(number)] has already ended") }
    entry.session.cancel(entry.job)
    return .none
  }

  /// What leaving stops: a line per background job still running, so Ctrl-D or `:quit` never
  /// ends work silently.
  func jobsStoppedByLeaving() -> [String] {
    let running = host.loop.sync { jobs.all.filter { $0.job.isRunning } }
    return running.map { "stopping [\($0.number)] \(JobTable.statement($0.job))" }
  }
}
