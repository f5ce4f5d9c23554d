import PipeDSL

/// A prompt command, `:load FILE`: its name, how it is written, what it does.
struct PromptCommand: Sendable {
  let name: String
  let usage: String
  let summary: String
  let run: @Sendable (Repl, Command) -> Void

  init(_ usage: String, _ summary: String, _ run: @escaping @Sendable (Repl, Command) -> Void) {
    self.name = String(usage.dropFirst().prefix { $0 != " " })
    self.usage = usage
    self.summary = summary
    self.run = run
  }
}

extension Repl {
  /// Every prompt command, in the order `:help` lists them.
  static let commands: [PromptCommand] = [
    PromptCommand(":help [NAME]", "a short tour, or one operator, strategy, command or topic") {
      $0.help($1)
    },
    PromptCommand(":ops", "every operator and sink, by family") { $0.listOperators($1) },
    PromptCommand(":sources", "every source, plugins' included") { $0.listSources($1) },
    PromptCommand(":load FILE", "run a .pipe file in this session") { $0.load($1) },
    PromptCommand(":jobs", "background jobs: number, state, statement") { $0.listJobs($1) },
    PromptCommand(":kill N", "dispose background job N") { $0.kill($1) },
    PromptCommand(":clock virtual|real", "the clock of the statements that follow") { $0.switchClock($1) },
    PromptCommand(":speed X", "the real clock, X times faster") { $0.setSpeed($1) },
    PromptCommand(":schedule STRATEGY", "the delays a retry strategy would wait") { $0.draw($1) },
    PromptCommand(":graph [dot]", "the last pipeline's operator graph") { $0.draw($1) },
    PromptCommand(":export svg FILE", "the last marbles diagram as SVG") { $0.draw($1) },
    PromptCommand(":plugins", "the plugins found, with their sources") { $0.listPlugins($1) },
    PromptCommand(":plugin load PATH", "start the plugin at PATH") { $0.loadPlugin($1) },
    PromptCommand(":settings", "every setting and its value (secrets hidden)") { $0.listSettings($1) },
    PromptCommand(":reset [NAME]", "a setting, or every one, back to its default (saved)") {
      $0.resetSettings($1)
    },
    PromptCommand(":history", "the statements entered, oldest first") { $0.listHistory($1) },
    PromptCommand(":quit", "leave (Ctrl-D does too)") { repl, _ in repl.quitRequested = true },
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
