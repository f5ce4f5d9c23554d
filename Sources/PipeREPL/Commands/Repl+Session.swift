import Foundation
import PipeDSL
import PipeRendering
import TerminalText

extension Repl {
  /// `:clock virtual|real`: a new session clock for the statements that follow.
  func switchClock(_ command: Command) throws(CommandError) -> CommandReply {
    guard let word = command.words.first?.text else {
      return .text("the clock is \(describe(host.current.clock)) (:clock virtual|real)")
    }
    switch word {
    case "virtual": host.switchClock(to: .virtual)
    case "real": host.switchClock(to: .real(speed: currentSpeed))
    default: throw .problem("the clock is virtual or real, not '\(word)'")
    }
    return .note("clock: \(describe(host.current.clock))")
  }

  /// `:speed X`: the real clock, X times faster than the wall clock.
  func setSpeed(_ command: Command) throws(CommandError) -> CommandReply {
    guard let word = command.words.first?.text, let speed = Double(word), Limits.speeds.contains(speed) else {
      throw .problem("write :speed X, X a number \(Limits.speedRange) (10 runs ten times faster)")
    }
    host.switchClock(to: .real(speed: speed))
    return .note("clock: \(describe(host.current.clock))")
  }

  var currentSpeed: Double {
    if case .real(let speed) = host.current.clock { return speed }
    return 1
  }

  func describe(_ clock: ClockMode) -> String {
    switch clock {
    case .virtual: return "virtual"
    case .real(let speed) where speed == 1: return "real"
    case .real(let speed): return "real, \(Value.double(speed).literal)× faster"
    }
  }

  /// How deep `:load`s may nest (a file that loads a file that loads ...).
  static let maximumLoadDepth = 32

  /// `:load FILE`: reads a .pipe file for `Repl.execute` to run in this session, statement by
  /// statement. A file that is already loading (a file that loads itself, or two that load
  /// each other) and nesting past `maximumLoadDepth` are refused with the chain of files.
  func load(_ command: Command) throws(CommandError) -> CommandReply {
    let path = try PromptCommands.argument(command, usage: ":load FILE")
    let expanded = HomeFolder.expand(path)
    let resolved = URL(fileURLWithPath: expanded).standardizedFileURL.resolvingSymlinksInPath().path
    let chain = loading.map(\.name) + [path]
    if loading.contains(where: { $0.path == resolved }) {
      throw .problem(":load cycle: \(Repl.describe(chain)); a file cannot load itself, even through others")
    }
    guard loading.count < Repl.maximumLoadDepth else {
      throw .problem(":load nests deeper than \(Repl.maximumLoadDepth) files: \(Repl.describe(chain))")
    }
    let text: String
    switch ScriptSource.read(expanded, name: path, paint: streams.error.paint) {
    case .success(let read): text = read
    case .failure(.unreadable(let problem)): throw .problem(problem)
    case .failure(.notUTF8(let rendered)): throw .diagnostics([rendered])
    }
    return CommandReply(loaded: LoadedFile(name: path, path: resolved, text: text))
  }

  /// `a.pipe → b.pipe → a.pipe`; a long chain keeps its first three and last two files.
  static func describe(_ chain: [String]) -> String {
    let shown = chain.count <= 6 ? chain : chain.prefix(3) + ["…"] + chain.suffix(2)
    return shown.joined(separator: " → ")
  }

  /// `:settings`: every setting, its value (secrets as ••••) and what it does, one line each;
  /// `*` marks the values set by hand, the rest are defaults.
  func listSettings() -> CommandReply {
    loadPluginNames()
    let session = host.current
    let rows = host.loop.sync {
      let settings = session.settings
      return settings.keys.map { key in
        (key, settings.display(key), settings.definitions[key]?.doc ?? "", settings.isSet(key))
      }
    }
    let keyWidth = rows.map(\.0.displayWidth).max() ?? 0
    // Each row fits the terminal: a long value (a URL) is shortened, never the line wrapped;
    // the description takes what is left, and is left out when too little is.
    let room = streams.output.width - keyWidth - 7
    let valueWidth = min(rows.map(\.1.displayWidth).max() ?? 0, 32, max(12, room - 20))
    let docWidth = room - valueWidth
    return .text(
      rows.map { key, value, doc, isSet in
        let row =
          (isSet ? "* " : "  ") + key.padded(toWidth: keyWidth) + "  "
          + value.truncated(toWidth: valueWidth, ellipsis: "…").padded(toWidth: valueWidth)
        guard docWidth >= 12 else { return row }
        return row + "  " + paint(Repl.firstSentence(doc, limit: docWidth), .dim)
      })
  }

  /// `:history`: the statements entered, numbered, oldest first.
  func listHistory() -> CommandReply {
    let entries = history.entries
    let width = String(entries.count).count
    return .text(
      entries.enumerated().map { index, entry in
        let number = String(index + 1)
        return String(repeating: " ", count: width - number.count) + number + "  " + entry
      })
  }
}
