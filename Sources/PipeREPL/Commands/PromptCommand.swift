import PipeDSL

/// A prompt command, `:load FILE`: its name, how it is written, what it does.
struct PromptCommand: Sendable {
  let name: String
  let usage: String
  let summary: String
  let run: @Sendable (Repl, Command) -> Void
}

extension Repl {
  /// Every prompt command, in the order `:help` lists them.
  static let commands: [PromptCommand] = [
    PromptCommand(
      name: "help", usage: ":help [NAME]",
      summary: "a short tour, or one operator, strategy, command or topic"
    ) {
      $0.help($1)
    },
    PromptCommand(name: "ops", usage: ":ops", summary: "every operator and sink, by family") { repl, _ in
      repl.listOperators()
    },
    PromptCommand(name: "sources", usage: ":sources", summary: "every source, plugins' included") { repl, _ in
      repl.listSources()
    },
    PromptCommand(name: "load", usage: ":load FILE", summary: "run a .pipe file in this session") {
      $0.load($1)
    },
    PromptCommand(name: "jobs", usage: ":jobs", summary: "background jobs: number, state, statement") {
      repl, _ in
      repl.listJobs()
    },
    PromptCommand(name: "kill", usage: ":kill N", summary: "dispose background job N") { $0.kill($1) },
    PromptCommand(
      name: "clock", usage: ":clock virtual|real", summary: "the clock of the statements that follow"
    ) {
      $0.switchClock($1)
    },
    PromptCommand(name: "speed", usage: ":speed X", summary: "the real clock, X times faster") {
      $0.setSpeed($1)
    },
    PromptCommand(
      name: "schedule", usage: ":schedule STRATEGY", summary: "the delays a retry strategy would wait"
    ) {
      $0.showSchedule($1)
    },
    PromptCommand(name: "graph", usage: ":graph", summary: "the last pipeline's operator graph") { repl, _ in
      repl.showGraph()
    },
    PromptCommand(
      name: "settings", usage: ":settings", summary: "every setting and its value (secrets hidden)"
    ) {
      repl, _ in repl.listSettings()
    },
    PromptCommand(name: "history", usage: ":history", summary: "the statements entered, oldest first") {
      repl, _ in
      repl.listHistory()
    },
    PromptCommand(name: "quit", usage: ":quit", summary: "leave (Ctrl-D does too)") { repl, _ in
      repl.quitRequested = true
    },
  ]

  /// Other spellings people type.
  static let commandAliases = ["q": "quit", "exit": "quit", "h": "help", "?": "help"]

  /// Carries out a `:command` met in a statement or a loaded file.
  func runCommand(_ command: Command) {
    let name = Repl.commandAliases[command.name.text] ?? command.name.text
    guard let entry = Repl.commands.first(where: { $0.name == name }) else {
      let names = Repl.commands.map(\.name)
      let hint = Suggestions.closest(to: name, in: names).map { " (did you mean ':\($0)'?)" } ?? ""
      output.errorLine("error: unknown command ':\(name)'\(hint); :help lists them")
      return
    }
    entry.run(self, command)
  }

  /// The command's first word, or an error naming its usage.
  func argument(_ command: Command, usage: String) -> String? {
    guard let word = command.words.first?.text else {
      output.errorLine("error: write \(usage)")
      return nil
    }
    return word
  }
}
