import ArgumentParser
import CProcess
import Foundation
import PipeDSL

/// The `pipe` command line.
@main
struct PipeCommand: ParsableCommand {
  static let version = "0.1.0"

  /// pipe holds API keys: before anything else, it makes sure a crash writes no core dump
  /// (its plugins inherit the limit).
  static func main() {
    _ = pipe_forbid_core_dumps()
    main(nil)
  }

  static let configuration = CommandConfiguration(
    commandName: "pipe",
    abstract: "Explore error-handling pipelines: catch, retry, retryWhen, materialize, timeout.",
    discussion: """
      pipe compiles a small pipeline language into a reactive operator graph and runs it on a
      virtual or real clock, showing what happened at every stage.

        pipe -e 'cold ["100ms #", "100ms #", "100ms (a|)"] | retry 3 | show'
        pipe run examples/retry.pipe
        pipe check examples

      With no arguments on a terminal, pipe starts its prompt; with standard input from a
      file or a pipe, it runs that text as a script.

      Exit status: 0 success, 1 a failed expectation or an unhandled error, 2 a usage or
      compile error.

      Environment:
        PIPE_PLUGIN_PATH      folders searched first for plugins (docs/PLUGINS.md)
        PIPE_PLUGIN_DEADLINE  how long a plugin may stay silent (10 s; 2, 500ms)
        XDG_CACHE_HOME        catch cache keeps values in $XDG_CACHE_HOME/pipe
        NO_COLOR              never colour the output (when set and not empty)
        FORCE_COLOR           colour even on a pipe, and over NO_COLOR (--no-color wins)
        TERM=dumb             no colour and no redrawing in place
        COLUMNS               the width to draw to when the output is not a terminal
      """,
    version: version,
    subcommands: [Run.self, Check.self, FakeAPICommand.self, Docs.self]
  )

  @Option(name: .customShort("e"), help: ArgumentHelp("Run CODE and exit.", valueName: "CODE"))
  var code: String?

  @OptionGroup var options: RunOptions

  func run() throws {
    let streams = OutputStreams(options: options)
    if let code {
      throw ExitCode(
        Script.run(text: code, name: "<-e>", options: options, streams: streams, typedInArguments: true))
    }
    if isatty(STDIN_FILENO) == 1 {
      throw ExitCode(Repl.run(options: options, streams: streams))
    }
    throw ExitCode(
      Script.run(text: Script.readStandardInput(), name: "<stdin>", options: options, streams: streams))
  }
}

/// Options every way of running shares.
struct RunOptions: ParsableArguments {
  @Option(help: "The clock: virtual (the default: time jumps, runs repeat exactly) or real.")
  var clock: ClockChoice = .virtual

  @Option(help: "On the real clock, run this many times faster than the wall clock.")
  var speed: Double = 1

  @Option(help: "The seed of every random choice (jitter, simulated faults).")
  var seed: Int?

  @Flag(help: "Never colour the output, whatever NO_COLOR and FORCE_COLOR say.")
  var noColor = false

  @Flag(help: "Draw diagrams and tables in plain ASCII (the default when the locale is not UTF-8).")
  var ascii = false

  @Option(help: "How a script answers `ask` without a person: retry, default or fail (the default).")
  var answer: AnswerChoice?

  func validate() throws {
    guard Limits.speeds.contains(speed) else {
      throw ValidationError("--speed must be a number \(Limits.speedRange), not \(Limits.number(speed))")
    }
  }

  var clockMode: ClockMode { clock == .virtual ? .virtual : .real(speed: speed) }
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
      abstract: "Run a .pipe script: every statement in order, printing what sinks show.")

    @Argument(help: "The script to run.", completion: .file(extensions: ["pipe"]))
    var file: String

    @OptionGroup var options: RunOptions

    func run() throws {
      guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
        throw ValidationError("cannot read '\(file)'")
      }
      throw ExitCode(
        Script.run(text: text, name: file, options: options, streams: OutputStreams(options: options)))
    }
  }

  /// `pipe check FILE|DIR...`
  struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Grade .pipe scripts by their expect lines, on virtual time.",
      discussion:
        "Prints every failed expectation with its file:line, expected above actual, and ends with 'N passed, N failed'."
    )

    @Argument(help: "Scripts, or folders searched for *.pipe.", completion: .file(extensions: ["pipe"]))
    var paths: [String]

    @OptionGroup var options: RunOptions

    func run() throws {
      throw ExitCode(Grader.run(paths: paths, options: options, streams: OutputStreams(options: options)))
    }
  }
}
