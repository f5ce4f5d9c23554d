import PipeDSL
import TerminalText

extension Repl {
  /// `:jobs`: `[1] running  every 1s | show`.
  func listJobs(_ command: Command) {
    let entries = jobs.all
    guard !entries.isEmpty else {
      output.line("no background jobs (PIPELINE & starts one)")
      return
    }
    let lines = host.loop.sync {
      entries.map { entry in
        "[\(entry.number)] " + JobTable.summary(entry.job.state).padded(toWidth: 12) + " "
          + JobTable.statement(entry.job)
      }
    }
    for line in lines { output.line(line) }
  }

  /// `:kill N`: disposes a background job.
  func kill(_ command: Command) {
    guard let word = argument(command, usage: ":kill N") else { return }
    guard let number = Int(word.hasPrefix("%") ? String(word.dropFirst()) : word),
      let entry = jobs.entry(number)
    else {
      output.errorLine("error: no job \(word) (:jobs lists them)")
      return
    }
    let running = host.loop.sync { entry.job.isRunning }
    guard running else {
      output.note("[\(number)] has already ended")
      return
    }
    entry.session.cancel(entry.job)
  }
}
