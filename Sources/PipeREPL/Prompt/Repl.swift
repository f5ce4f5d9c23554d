import Foundation
import Operators
import PipeDSL
import PluginBridge
import Synchronization
import TerminalText

/// The interactive prompt: `pipe` with no arguments on a terminal.
///
///     pipe 0.1.0 · virtual clock · :help for a tour · Ctrl-D leaves
///     pipe> of(1, 2, 3) |
///       ... map { . * 10 }
///     10
///     20
///     30
final class Repl: @unchecked Sendable {
  static let prompt = "pipe> "
  static let continuation = "  ... "

  let terminal: Terminal
  /// Standard output's and standard error's colour and width, decided at start-up.
  let streams: OutputStreams
  let output: ReplOutput
  let history: History
  let settingsStore: SettingsStore?
  /// What the texts run at the prompt may do: the flags, and the person's yes or no.
  let permissions: Permissions
  let jobs = JobTable()
  private(set) var host: SessionHost!
  /// What Tab offers; refreshed after every statement (main thread).
  var vocabulary = Vocabulary()
  /// The lines of the statement typed so far, before the one being edited (main thread).
  var pendingLines: [String] = []
  /// Set while a statement runs in the foreground: Ctrl-C cancels it.
  let runningForeground = Atomic(false)
  /// Set by Ctrl-C while a history entry is being written: the wait for the file's lock ends.
  let historyInterrupted = Atomic(false)
  var quitRequested = false
  /// The files `:load` is running, outermost first: a file that loads one of them again is a
  /// cycle, refused before it overflows the stack.
  var loading: [(name: String, path: String)] = []
  private var signals: Signals?
  /// What the start-up shows under the banner: the saved settings, notes about the files.
  private var startupLines: [String] = []

  /// The colour of what the prompt prints on standard output.
  var paint: Paint { streams.output.paint }

  init(
    terminal: Terminal, options: RunChoices, streams: OutputStreams, environment: [String: String],
    settings: sending Settings
  ) {
    self.terminal = terminal
    self.streams = streams
    output = ReplOutput(terminal: terminal, streams: streams)
    history = History(
      file: HistoryFile.defaultPath(environment).map(HistoryFile.init), redactor: terminal.redactor)
    settingsStore = SettingsStore.defaultPath(environment).map(SettingsStore.init)
    startupLines = Repl.restoreSettings(from: settingsStore, into: settings) + history.startNotes
    if let seed = options.seed { settings.set("seed", .int(seed)) }  // once: `set seed` may change it
    options.permissions.apply(to: settings)
    startupLines += options.permissions.warnings
    permissions = options.permissions.permissions(command: "the prompt", ask: Asker.yesOrNo(terminal))
    permissions.follow(settings)  // the saved settings and --set are the person's, and what they type
    // A joined room's service never gets a key, not even one typed at this prompt.
    if let store = settingsStore, let room = RoomMembership.load(from: store) {
      permissions.sendNoSecrets(to: room.url)
    }
    settings.onIgnored = { [output] key, _, problem in
      output.note(Repl.ignoredNote(key, problem, default: settings[key]))
    }
    var services = Services.withPluginsAndDrawing(
      output: output, settings: settings, redactor: terminal.redactor,
      cache: ValueCache.kept(in: .standard(), output: output),
      // A diagram drawn live goes through the terminal, so it stays above the line being edited.
      display: TerminalDisplay.probe(streams: streams) { terminal.write($0, raw: true) },
      lines: TerminalLineReader(terminal: terminal),
      ask: Asker.terminal(terminal, paint: streams.error.paint),
      pluginLogPaint: streams.error.paint, permissions: permissions)
    services.jobEvents = JobEvents(
      started: { [unowned self] session, job in self.jobStarted(job, in: session) },
      ended: { [unowned self] session, job in self.jobEnded(job, in: session) })
    host = SessionHost(clock: options.clockMode, services: services)
  }

  /// Runs the prompt until Ctrl-D or `:quit`; returns the exit status.
  static func run(options: RunChoices, streams: OutputStreams) -> Int32 {
    let environment = ProcessInfo.processInfo.environment
    let settings = Settings(environment: environment)
    let terminal = Terminal.start(
      redactor: Redactor(settings: settings, environment: environment), redraws: streams.output.redraws,
      styled: (streams.output.paint.colour, streams.error.paint.colour))
    let repl = Repl(
      terminal: terminal, options: options, streams: streams, environment: environment, settings: settings)
    return repl.run()
  }

  func run() -> Int32 {
    history.onChange = { [terminal] entries in terminal.setHistory(entries) }
    history.onNote = { [output] note in output.note(note) }
    history.interrupted = { [unowned self] in historyInterrupted.load(ordering: .acquiring) }
    terminal.setHistory(history.entries)
    LibEditCompletion.install { [unowned self] before, word in self.complete(before: before, word: word) }
    signals = Signals(
      onInterrupt: { [unowned self] in self.interrupt() },
      onResize: { [unowned self] in self.terminal.resized() })
    refreshVocabulary()
    terminal.write(banner + "\n")
    for line in startupLines { output.note(line) }
    while !quitRequested, let read = readStatement() {
      guard let parsed = read.parsed else { continue }
      historyInterrupted.store(false, ordering: .releasing)
      history.add(lines: read.lines)
      execute(parsed)
    }
    for line in jobsStoppedByLeaving() { output.note(line) }
    for session in host.all { session.leave() }
    host.current.stopPlugins()
    host.current.saveCache()  // what background jobs stored since the last statement
    TypeAhead.restore()
    return 0
  }

  var banner: String {
    let clock = host.current.clock == .virtual ? "virtual clock" : "real clock"
    return paint("pipe \(PipeCommand.version)", .bold)
      + paint(" · \(clock) · :help for a tour · Ctrl-D leaves", .dim)
  }

  /// Reads one statement, asking for more lines while it is unfinished, or while what was
  /// typed or pasted ahead goes on with a line starting with `|` (the statement has not run
  /// yet, so that line continues it, as in a file); with them, their parse, which `execute`
  /// runs. Nil at Ctrl-D; no lines after Ctrl-C or an empty line.
  func readStatement() -> (lines: [String], parsed: ParseResult<Program>?)? {
    var lines: [String] = []
    while true {
      pendingLines = lines
      defer { pendingLines = [] }
      switch terminal.read(prompt: lines.isEmpty ? Repl.prompt : Repl.continuation, interrupts: false) {
      case .line(let line):
        lines.append(line)
        let text = lines.joined(separator: "\n")
        if text.allSatisfy(\.isWhitespace) { return ([], nil) }
        let parsed = Parser.parse(SourceFile(name: "<prompt>", text: text), mode: .file)
        if parsed.isIncomplete || terminal.inputContinuesStatement { continue }
        return (lines, parsed)
      case .endOfInput:
        return lines.isEmpty ? nil : ([], nil)
      case .interrupted, .cancelled:
        return ([], nil)
      }
    }
  }

  /// Tab at the statement prompt (never while `ask` or `input` reads a line).
  func complete(before: String, word: String) -> [String] {
    guard Thread.isMainThread else { return [] }
    loadPluginNames()  // once: their sources complete too
    let text = (pendingLines + [before]).joined(separator: "\n")
    return Completer(vocabulary: vocabulary).candidates(before: text, word: word)
  }

  func refreshVocabulary() {
    let session = host.current
    var vocabulary = session.loop.sync {
      Vocabulary.gather(session, commands: PromptCommands.all.map(\.name), topics: HelpTopics.names)
    }
    vocabulary.jobs = jobs.all.map { String($0.number) }
    self.vocabulary = vocabulary
  }
}
