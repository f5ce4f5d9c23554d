import PipeDSL
import TerminalText

extension Repl {
  /// `:jobs`: `[1] running  every 1s | show`.
  func listJobs() -> CommandReply {
    let entries = jobs.all
    guard !entries.isEmpty else { return .text("no background jobs (PIPELINE & starts one)") }
    return .text(
      host.loop.sync {
        entries.map { entry in
          "[\(entry.number)] " + JobTable.summary(entry.job.state).padded(toWidth: 12) + " "
            + JobTable.statement(entry.job)
        }
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
}
