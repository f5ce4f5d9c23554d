import ArgumentParser
import CProcess
import Foundation
import PipeDSL
import SourcePlugins

/// The `pipe` command line.
@main
struct PipeCommand: ParsableCommand {
  /// What VERSION at the package's root says (the VersionFile plugin makes `PipeVersion` from it).
  static let version = PipeVersion.current

  /// pipe holds API keys: before anything else, it makes sure a crash writes no core dump
  /// (its plugins inherit the limit). Started under a built-in plugin's name (`make install`
  /// links them to this program), it is that plugin: an install carries the Swift runtime and
  /// Foundation once. A reader that goes away (`pipe docs operators | head`)
  /// is a failed write like any other, said once with exit status 74, not a SIGPIPE death.
  static func main() {
    _ = pipe_forbid_core_dumps()
    if let plugin = BuiltInPlugins.plugin(startedAs: CommandLine.arguments.first) { plugin.run() }
    signal(SIGPIPE, SIG_IGN)
    StandardStreams.holdClosedStandardStreams()
    StandardStreams.reportFailedWritesAtExit()
    if let code = codeAlone(CommandLine.arguments.dropFirst()) { Foundation.exit(runCode(code)) }
    main(PermissionChoices.spellingOut(Array(CommandLine.arguments.dropFirst())))
  }

  /// The code of `pipe -e CODE` with nothing else on the command line, the way scripts and
  /// Makefiles call pipe; nil for any other command line. Such a line is run at once: the
  /// parser would first build the options of every command by reflection (a third of
  /// start-up) only to find no option at all. Code that starts with `-` goes to the parser,
  /// which says what it makes of it.
  static func codeAlone(_ arguments: ArraySlice<String>) -> String? {
    guard arguments.count == 2, arguments.first == "-e", let code = arguments.last, !code.hasPrefix("-")
    else { return nil }
    return code
  }

  /// Runs `code` as `pipe -e` does with every option at its default; the exit status. The
  /// defaults are `RunChoices()`, which the parser's options read theirs from: no parser is
  /// built (even `RunOptions.parse([])` scans the binary's conformances, 60% of this line).
  static func runCode(_ code: String) -> Int32 {
    let choices = RunChoices()
    return Script.run(
      text: code, name: "<-e>", options: choices, streams: OutputStreams(options: choices),
      format: FormatOption.default, typedInArguments: true)
  }

  // Every command names itself: ArgumentParser would otherwise derive each name from the type's
  // name through reflection, which costs start-up a few milliseconds.
  static let configuration = CommandConfiguration(
    commandName: "pipe",
    abstract: "Explore error-handling pipelines: catch, retry, retryWhen, materialize, timeout.",
    usage: """
      pipe [-e <code>] [<options>]
      pipe run <file> [<options>]
      pipe check <paths> ... [--watch] [<options>]
      pipe join <url> --name <name> | pipe leave | pipe hint <file>
      """,
    discussion: """
      pipe compiles a small pipeline language into a reactive operator graph and runs it on a virtual or a real clock, showing what happened at every stage.

        pipe -e 'cold ["-#", "-#", "-a|"] | retry 3 | marbles'
        pipe run examples/chapter/05-backoff.pipe
        pipe check examples

      With no arguments on a terminal, pipe starts its prompt; with standard input from a file or a pipe, it runs that text as a script.

      What a text may do is decided by who runs it: --allow-net, --allow-write and --set (docs/PERMISSIONS.md).

      Exit status: 0 success; 1 a failed expectation or an unhandled error; 2 a compile error (nothing ran), or a script that is not UTF-8; 64 a usage error: a wrong option or argument, or a file that cannot be read; 74 standard output could not be written (a full disk).

      Environment:
        PIPE_PLUGIN_PATH      folders searched first for plugins (docs/PLUGINS.md)
        PIPE_PLUGIN_DEADLINE  how long a plugin may stay silent (10 s; 2, 500ms)
        PIPE_WATCH_POLL=1     pipe check --watch polls instead of inotify (network file systems)
        PIPE_NO_FUSION=1      run every stage on its own, as under log (to compare; slower)
        XDG_CACHE_HOME        catch cache keeps values in $XDG_CACHE_HOME/pipe
        NO_COLOR              never colour the output (when set and not empty)
        FORCE_COLOR           colour even on a pipe, over NO_COLOR (not --no-color)
        TERM=dumb             no colour and no redrawing in place
        COLUMNS               the width to draw to when the output is not a terminal
      """,
    version: version,
    subcommands: [
      Run.self, Check.self, Export.self, FakeAPICommand.self, Docs.self, Join.self, Leave.self, Hint.self,
      LSP.self,
      Fmt.self,
    ]
  )

  @Option(name: .customShort("e"), help: ArgumentHelp("Run CODE and exit.", valueName: "CODE"))
  var code: String?

  @OptionGroup var options: RunOptions

  @OptionGroup var format: FormatOption

  func run() throws {
    try format.format.check([.text, .jsonl], for: "pipe -e")
    let choices = options.choices
    let streams = OutputStreams(options: choices)
    if let code {
      MemoryWatch.start(limit: options.maxMemory)
      throw ExitCode(
        Script.run(
          text: code, name: "<-e>", options: choices, streams: streams, format: format.format,
          typedInArguments: true))
    }
    if isatty(STDIN_FILENO) == 1 {
      guard format.format == .text else {
        throw ValidationError(
          "--format jsonl is for pipe -e, pipe run and a script on standard input, not the prompt")
      }
      throw ExitCode(Repl.run(options: choices, streams: streams))
    }
    // Not at the prompt: its thread would wake 50 times a second while a person thinks.
    MemoryWatch.start(limit: options.maxMemory)
    throw ExitCode(
      Script.run(
        pieces: InputPieces(paint: streams.error.paint), name: "<stdin>", options: choices, streams: streams,
        format: format.format))
  }
}

/// `--format`: what a command writes on standard output. Every command declares it as
/// `@OptionGroup var format`, so that the word reaches the command it follows.
struct FormatOption: ParsableArguments {
  @Option(
    name: .customLong("format"),
    help: ArgumentHelp(
      "text: for a person (the default); jsonl (pipe -e, pipe run): every event of every stage as JSON Lines; "
        + "junit, tap (pipe check): a report for CI.",
      valueName: "format"))
  var given: OutputFormat?

  /// The format when none is given.
  static let `default` = OutputFormat.text

  /// The format chosen, the default when none was.
  var format: OutputFormat { given ?? Self.default }
}

/// What a command writes on standard output: `pipe -e` and `pipe run` text or jsonl, `pipe
/// check` text, junit or tap. One type for all, as swift-argument-parser hands the option of
/// `pipe` to its subcommands too; each command refuses the formats that are not its own.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
  case text, jsonl, junit, tap

  /// Throws unless this is one of `formats`, naming `command`.
  func check(_ formats: [OutputFormat], for command: String) throws {
    guard !formats.contains(self) else { return }
    let names = formats.map(\.rawValue)
    throw ValidationError(
      "\(command) writes \(names.dropLast().joined(separator: ", ")) or \(names.last!), not --format \(rawValue)"
    )
  }
}

/// What a run is told by the command line: the clock, the seed, colour, ASCII drawing and how
/// `ask` is answered. `RunChoices()` holds the defaults, the one place they are written: the
/// parser's options below read theirs from it, and `pipe -e CODE` alone runs with it without
/// building a parser.
struct RunChoices: Equatable {
  /// On the real clock, how many times faster than the wall clock when `--speed` is not given.
  static let defaultSpeed = 1.0

  var clockMode = ClockMode.virtual
  var seed: Int? = nil
  var noColor = false
  var ascii = false
  var answer: AnswerChoice? = nil
  /// `--allow-net`, `--allow-write`, `--set`: what the person allows the texts they run.
  var permissions = PermissionChoices()
}

/// Options every way of running shares: the clock, and the rest.
struct RunOptions: ParsableArguments {
  // The clock and the speed have no default value here but in `choices`, so that a
  // subcommand can tell that one was given to refuse it (RootOption).
  @Option(help: "The clock: virtual (the default: time jumps, runs repeat exactly) or real.")
  var clock: ClockChoice?

  @Option(
    help: """
      On the real clock, run this many times faster than the wall clock \
      (default: \(Limits.number(RunChoices.defaultSpeed))).
      """)
  var speed: Double?

  @Option(
    help: ArgumentHelp(
      "How much memory the run may use before it stops with an error: 512M, 2G, or MiB (4096, the default).",
      valueName: "size"), transform: CheckLimits.size)
  var maxMemory: Int = MemoryWatch.standard

  @OptionGroup var common: CommonOptions

  func validate() throws {
    if let speed, !Limits.speeds.contains(speed) {
      throw ValidationError("--speed must be a number \(Limits.speedRange), not \(Limits.number(speed))")
    }
  }

  /// The choices these options make; the defaults for those not given.
  var choices: RunChoices {
    var choices = common.choices
    switch clock {
    case .real?: choices.clockMode = .real(speed: speed ?? RunChoices.defaultSpeed)
    case .virtual?: choices.clockMode = .virtual
    case nil: break
    }
    return choices
  }

  var seed: Int? { common.seed }
  var noColor: Bool { common.noColor }
  var ascii: Bool { common.ascii }
  var answer: AnswerChoice? { common.answer }
  var permissions: PermissionChoices { common.choices.permissions }
}

/// The options of every command but the clock, which `pipe check` does not offer: it
/// grades on virtual time.
struct CommonOptions: ParsableArguments {
  @Option(help: "The seed of every random choice (jitter, simulated faults).")
  var seed: Int?

  @Flag(help: "Never colour the output, whatever NO_COLOR and FORCE_COLOR say.")
  var noColor = RunChoices().noColor

  @Flag(help: "Draw diagrams and tables in plain ASCII (the default when the locale is not UTF-8).")
  var ascii = RunChoices().ascii

  @Option(help: "How a script answers `ask` without a person: retry, default or fail (the default).")
  var answer: AnswerChoice?

  @Option(
    name: .customLong("allow-net"),
    help: ArgumentHelp(
      "--allow-net[=HOST,...]: let live sources reach these hosts (host or host:port), or any host "
        + "without a value. pipe check reaches none without it; the others any, unless it names some.",
      valueName: "hosts"))
  var allowNet: [String] = []

  @Option(
    name: .customLong("allow-write"),
    help: ArgumentHelp(
      "--allow-write[=DIR,...]: let texts write files (:export, marbles svg:) in these folders, over "
        + "existing files too, or anywhere without a value. Without it: new files in the current folder only.",
      valueName: "folders"))
  var allowWrite: [String] = []

  @Option(
    name: .customLong("set"),
    help: ArgumentHelp(
      "Set a setting as yours before the text runs (repeatable): a key goes only to the baseURL you set, "
        + "never to one the text sets.",
      valueName: "key=value"))
  var assignments: [String] = []

  func validate() throws {
    if let wrong = assignments.first(where: { PermissionChoices.split($0) == nil }) {
      throw ValidationError(
        "--set takes KEY=VALUE, e.g. --set weather.baseURL=http://127.0.0.1:8080, not '\(wrong)'")
    }
  }

  /// The choices these options make, on the default clock.
  var choices: RunChoices {
    var choices = RunChoices()
    choices.seed = seed ?? choices.seed
    choices.noColor = noColor
    choices.ascii = ascii
    choices.answer = answer ?? choices.answer
    func list(_ values: [String]) -> [String]? {
      values.isEmpty ? nil : values.flatMap { $0.split(separator: ",").map(String.init) }
    }
    choices.permissions = PermissionChoices(
      net: list(allowNet), write: list(allowWrite), assignments: assignments)
    return choices
  }
}

enum ClockChoice: String, ExpressibleByArgument, CaseIterable {
  case virtual, real
}

enum AnswerChoice: String, ExpressibleByArgument, CaseIterable {
  case retry, `default`, fail

  var answer: AskAnswer { AskAnswer(rawValue: rawValue)! }
}

extension PipeCommand {
  /// `pipe run FILE.pipe`
  struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "run", abstract: "Run a .pipe script: every statement in order, printing what sinks show.",
      usage: "pipe run <file> [--clock virtual|real] [--speed <x>] [<options>]")

    @Argument(help: "The script to run.", completion: .file(extensions: ["pipe"]))
    var file: String

    @OptionGroup var options: RunOptions

    @OptionGroup var format: FormatOption

    @ParentCommand var pipe: PipeCommand

    func validate() throws {
      try RootOption.refuse(
        allBut: RootOption.common.union([.clock, .speed, .format]), given: pipe, in: "pipe run",
        reasons: [.code: "run a file, or code with pipe -e CODE"])
    }

    func run() throws {
      try format.format.check([.text, .jsonl], for: "pipe run")
      let streams = OutputStreams(options: options.choices)
      MemoryWatch.start(limit: options.maxMemory)
      throw ExitCode(
        Script.run(
          source: ScriptSource.read(file, paint: streams.error.paint), name: file, options: options.choices,
          streams: streams, format: format.format))
    }
  }

  /// `pipe check FILE|DIR...`
  struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "check", abstract: "Grade .pipe scripts by their expect lines, on virtual time.",
      usage: "pipe check <paths> ... [--watch] [<options>]",
      discussion: """
        Runs each script on the virtual clock (so it takes no time and repeats exactly) and prints every failed expectation with its file:line, expected above actual, then 'N passed, N failed'. A script fails when an expectation fails, when an error reaches a sink unhandled, or when it has no expect line at all: a script that checks nothing does not pass.

        With --format junit or --format tap, standard output is a report for CI instead: each expectation is a test case named by its file:line, a failed one carries the failure's text.

        A script reaches no host unless --allow-net allows it (live mode is refused), and writes only new files in the current folder unless --allow-write does; each thing a script tried and was refused is a failed case of its own, in every format (docs/PERMISSIONS.md).

        With --watch, pipe check grades the paths once, then again each time a file under them is saved (within 300 ms), clearing the screen before each result (a separator line when the output is not a terminal); Ctrl-C leaves (exit status 130).

        After 'pipe join', each file's result is also reported to the room (a room that cannot be reached is a one-line note, never a failure).

        Each script is graded in a pipe of its own, stopped when it runs longer than --timeout (30 s) or uses more memory than --max-memory (1 GiB): a script that crashes, loops or runs out of memory fails, says so in the report, and every other script is still graded.

        Exit status: 0 all passed; 1 something failed; 64 a usage error; 74 the report could not be written; 130 --watch left with Ctrl-C.
        """
    )

    @Argument(help: "Scripts, or folders searched for *.pipe.", completion: .file(extensions: ["pipe"]))
    var paths: [String]

    @Flag(help: "Grade again each time a file under the paths is saved, until Ctrl-C (text format only).")
    var watch = false

    @OptionGroup var options: CheckOptions

    @OptionGroup var format: FormatOption

    @ParentCommand var pipe: PipeCommand

    func validate() throws {
      let clock = "it grades on the virtual clock"
      try RootOption.refuse(
        allBut: RootOption.common.union([.format]), given: pipe, in: "pipe check",
        reasons: [.clock: clock, .speed: clock, .code: "it grades files and folders of scripts"])
    }

    func run() throws {
      let format = format.format
      try format.check([.text, .junit, .tap], for: "pipe check")
      var options = options
      // The root command's --max-memory (pipe -e, pipe run) takes the word before this one.
      if pipe.options.maxMemory != MemoryWatch.standard { options.maxMemory = pipe.options.maxMemory }
      var run = options.common.choices
      run.noColor = run.noColor || format != .text  // no escape codes in XML or TAP
      let streams = OutputStreams(options: run)
      if options.gradedChild, let file = paths.first {
        // The child of a `pipe check`: grades one file and hands the result back as JSON.
        let script = Grader.check(file, options: run, streams: streams)
        Descriptor.write(script.json.encodedString() + "\n", to: STDOUT_FILENO)
        throw ExitCode(0)
      }
      let report: CheckFormat = format == .junit ? .junit : format == .tap ? .tap : .text
      let room = RoomReporter.joined { Descriptor.write($0 + "\n", to: STDERR_FILENO) }
      let child = GradingChild(
        executable: Grader.executable, arguments: options.arguments, limits: options.limits,
        colour: streams.output.paint.colour, columns: streams.output.width)
      GradingChild.stopOnSignals()
      if watch {
        guard report == .text else {
          throw ValidationError("--watch prints text for a person, not --format \(format)")
        }
        throw ExitCode(Watcher(paths: paths, options: run, room: room, grade: child.grade).run())
      }
      throw ExitCode(
        Grader.run(
          paths: paths, options: run, streams: streams, format: report, room: room, grade: child.grade))
    }
  }
}
