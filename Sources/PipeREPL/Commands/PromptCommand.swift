import PipeDSL
import TerminalText

/// A prompt command, `:load FILE`: its name, how it is written, what it does, and where it
/// runs: anywhere (it only prints, so a script runs it too) or at the prompt only.
struct PromptCommand: Sendable {
  enum Action: Sendable {
    /// Runs in a script too.
    case anywhere(@Sendable (CommandPlace, Command) throws -> CommandReply)
    /// Needs the prompt; a script says it ignores it.
    case prompt(@Sendable (Repl, Command) throws -> CommandReply)
  }

  let name: String
  let usage: String
  let summary: String
  let action: Action

  init(_ usage: String, _ summary: String, _ action: Action) {
    self.name = String(usage.dropFirst().prefix { $0 != " " })
    self.usage = usage
    self.summary = summary
    self.action = action
  }

  /// A command of the prompt only.
  init(_ usage: String, _ summary: String, prompt: @escaping @Sendable (Repl, Command) throws -> CommandReply)
  {
    self.init(usage, summary, .prompt(prompt))
  }
}

/// Where a command runs: the session, and the colour of standard error (for diagnostics).
struct CommandPlace {
  let session: Session
  let errorPaint: Paint
}

/// What a command gives back, for the dispatcher to print: lines on standard output, notes
/// (dimmed at the prompt; on standard error in a script), and notes about a problem that did
/// not stop the command (on standard error).
struct CommandReply: Equatable {
  enum Line: Equatable {
    case text(String)
    case note(String)
    case errorNote(String)
  }

  var lines: [Line] = []
  /// A file `:load` read, for the caller to run: the command returns it as data rather than
  /// running it with the prompt's code on the stack (`Repl.execute` runs it next).
  var loaded: LoadedFile?

  static let none = CommandReply()
  static func text(_ lines: [String]) -> CommandReply { CommandReply(lines: lines.map(Line.text)) }
  static func text(_ line: String) -> CommandReply { text([line]) }
  static func note(_ line: String) -> CommandReply { CommandReply(lines: [.note(line)]) }
}

/// A `.pipe` file `:load` has read and checked (no cycle, not too deep), not yet run.
struct LoadedFile: Equatable {
  /// As the person wrote it: diagnostics and the chain of files name it so.
  var name: String
  /// Resolved (symlinks followed), to find a cycle.
  var path: String
  var text: String
}

/// Why a command could not be carried out (what its `run` throws).
enum CommandError: Error, Equatable {
  /// Printed as `error: MESSAGE`.
  case problem(String)
  /// Diagnostics already rendered, with their carets (a strategy that does not check).
  case diagnostics([String])
}

/// The prompt commands: one table, for the prompt and for scripts.
enum PromptCommands {
  /// Every prompt command, in the order `:help` lists them.
  static let all: [PromptCommand] = [
    PromptCommand(":help [NAME]", "a short tour, or one operator, strategy, command or topic") {
      try $0.help($1)
    },
    PromptCommand(":ops", "every operator and sink, by family") { repl, _ in repl.listOperators() },
    PromptCommand(":sources", "every source, plugins' included") { repl, _ in repl.listSources() },
    PromptCommand(":load FILE", "run a .pipe file in this session") { try $0.load($1) },
    PromptCommand(":jobs", "background jobs: number, state, statement") { repl, _ in repl.listJobs() },
    PromptCommand(":kill N", "dispose background job N") { try $0.kill($1) },
    PromptCommand(":clock virtual|real", "the clock of the statements that follow") {
      try $0.switchClock($1)
    },
    PromptCommand(":speed X", "the real clock, X times faster") { try $0.setSpeed($1) },
    PromptCommand(
      ":schedule STRATEGY [retryAfter D]", "the delays a retry strategy would wait",
      .anywhere(DiagramCommands.schedule)),
    PromptCommand(":graph [dot]", "the last pipeline's operator graph", .anywhere(DiagramCommands.graph)),
    PromptCommand(
      ":export svg FILE | rxswift|combine|rxjs [FILE]",
      "the last marbles diagram as SVG; the last pipeline as library code", .anywhere(DiagramCommands.export)),
    PromptCommand(":plugins", "the plugins found, with their sources") { repl, _ in repl.listPlugins() },
    PromptCommand(":plugin load PATH", "start the plugin at PATH") { try $0.loadPlugin($1) },
    PromptCommand(":settings", "every setting and its value (secrets hidden)") { repl, _ in
      repl.listSettings()
    },
    PromptCommand(":reset [NAME]", "a setting, or every one, back to its default (saved)") {
      try $0.resetSettings($1)
    },
    PromptCommand(":history", "the statements entered, oldest first") { repl, _ in repl.listHistory() },
    PromptCommand(":quit", "leave (Ctrl-D does too)") { repl, _ in
      repl.quitRequested = true
      return .none
    },
  ]

  /// Other spellings people type.
  static let aliases = ["q": "quit", "exit": "quit", "h": "help", "?": "help"]

  /// The command called `name` (or an alias of it).
  static func named(_ name: String) -> PromptCommand? {
    let name = aliases[name] ?? name
    return all.first { $0.name == name }
  }

  /// Carries out a `:command` met in a text: at the prompt when `repl` is given, else in a
  /// script, which runs the commands that only print and says it ignores the others. A file
  /// `:load` read comes back for the caller to run.
  @discardableResult
  static func carryOut(
    _ command: Command, in place: CommandPlace, repl: Repl?, output: any PipeDSL.OutputStream
  ) -> LoadedFile? {
    let note: (String) -> Void = { text in repl.map { $0.output.note(text) } ?? output.errorLine(text) }
    do throws(CommandError) {
      let reply = try reply(to: command, in: place, repl: repl)
      for line in reply.lines {
        switch line {
        case .text(let text): output.line(text)
        case .note(let text): note(text)
        case .errorNote(let text): output.errorLine(text)
        }
      }
      return reply.loaded
    } catch {
      switch error {
      case .problem(let message): output.errorLine("error: " + message)
      case .diagnostics(let lines): for line in lines { output.errorLine(line) }
      }
      return nil
    }
  }

  /// What `command` gives back; any error a command throws is a `CommandError`.
  static func reply(to command: Command, in place: CommandPlace, repl: Repl?) throws(CommandError)
    -> CommandReply
  {
    do {
      return try run(command, in: place, repl: repl)
    } catch let error as CommandError {
      throw error
    } catch {
      throw .problem("\(error)")
    }
  }

  private static func run(_ command: Command, in place: CommandPlace, repl: Repl?) throws -> CommandReply {
    let name = aliases[command.name.text] ?? command.name.text
    guard let entry = named(name) else {
      let hint = Suggestions.closest(to: name, in: all.map(\.name)).map { " (did you mean ':\($0)'?)" } ?? ""
      throw CommandError.problem("unknown command ':\(name)'\(hint); :help lists them")
    }
    switch entry.action {
    case .anywhere(let run): return try run(place, command)
    case .prompt(let run):
      guard let repl else { return .note("note: ':\(name)' is a prompt command; scripts ignore it") }
      return try run(repl, command)
    }
  }

  /// The command's first word, or the problem naming its usage.
  static func argument(_ command: Command, usage: String) throws(CommandError) -> String {
    guard let word = command.words.first?.text else { throw .problem("write \(usage)") }
    return word
  }
}

extension Repl {
  /// Carries out a `:command` met in a statement or a loaded file; the file a `:load` read,
  /// to run next.
  func runCommand(_ command: Command) -> LoadedFile? {
    let place = CommandPlace(session: host.current, errorPaint: streams.error.paint)
    return PromptCommands.carryOut(command, in: place, repl: self, output: output)
  }
}
