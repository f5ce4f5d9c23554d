import Foundation
import PipeDSL
import PipeRendering
import TerminalText

extension Repl {
  /// `:clock virtual|real`: a new session clock for the statements that follow.
  func switchClock(_ command: Command) {
    guard let word = command.words.first?.text else {
      output.line("the clock is \(describe(host.current.clock)) (:clock virtual|real)")
      return
    }
    switch word {
    case "virtual": host.switchClock(to: .virtual)
    case "real": host.switchClock(to: .real(speed: currentSpeed))
    default:
      output.errorLine("error: the clock is virtual or real, not '\(word)'")
      return
    }
    output.note("clock: \(describe(host.current.clock))")
  }

  /// `:speed X`: the real clock, X times faster than the wall clock.
  func setSpeed(_ command: Command) {
    guard let word = argument(command, usage: ":speed X"), let speed = Double(word),
      Limits.speeds.contains(speed)
    else {
      output.errorLine("error: write :speed X, X a number \(Limits.speedRange) (10 runs ten times faster)")
      return
    }
    host.switchClock(to: .real(speed: speed))
    output.note("clock: \(describe(host.current.clock))")
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

  /// `:load FILE`: runs a .pipe file in this session, statement by statement. A file that is
  /// already loading (a file that loads itself, or two that load each other) and nesting past
  /// `maximumLoadDepth` are refused with the chain of files.
  func load(_ command: Command) {
    guard let path = argument(command, usage: ":load FILE") else { return }
    let expanded = (path as NSString).expandingTildeInPath
    let resolved = URL(fileURLWithPath: expanded).standardizedFileURL.resolvingSymlinksInPath().path
    let chain = loading.map(\.name) + [path]
    if loading.contains(where: { $0.path == resolved }) {
      return output.errorLine(
        "error: :load cycle: \(Repl.describe(chain)); a file cannot load itself, even through others")
    }
    guard loading.count < Repl.maximumLoadDepth else {
      return output.errorLine(
        "error: :load nests deeper than \(Repl.maximumLoadDepth) files: \(Repl.describe(chain))")
    }
    let text: String
    switch ScriptSource.read(expanded, name: path, paint: streams.error.paint) {
    case .success(let read): text = read
    case .failure(let failure): return output.errorLine(failure.message)
    }
    loading.append((path, resolved))
    defer { loading.removeLast() }
    execute(text, name: path, mode: .file)
  }

  /// `a.pipe → b.pipe → a.pipe`; a long chain keeps its first three and last two files.
  static func describe(_ chain: [String]) -> String {
    let shown = chain.count <= 6 ? chain : chain.prefix(3) + ["…"] + chain.suffix(2)
    return shown.joined(separator: " → ")
  }

  /// `:settings`: every setting, its value (secrets as ••••) and what it does, one line each;
  /// `*` marks the values set by hand, the rest are defaults.
  func listSettings(_ command: Command) {
    loadPluginNames()
    let session = host.current
    let rows = host.loop.sync {
      let settings = session.settings
      return settings.keys.map { key in
        (key, settings.display(key), settings.definitions[key]?.doc ?? "", settings.isSet(key))
      }
    }
    let keyWidth = rows.map(\.0.displayWidth).max() ?? 0
    let valueWidth = min(rows.map(\.1.displayWidth).max() ?? 0, 32)
    let docWidth = max(20, streams.output.width - keyWidth - valueWidth - 7)
    for (key, value, doc, isSet) in rows {
      let line =
        (isSet ? "* " : "  ") + key.padded(toWidth: keyWidth) + "  " + value.padded(toWidth: valueWidth)
        + "  "
      output.line(line + paint(Repl.firstSentence(doc, limit: docWidth), .dim))
    }
  }

  /// `:history`: the statements entered, numbered, oldest first.
  func listHistory(_ command: Command) {
    let entries = history.entries
    let width = String(entries.count).count
    for (index, entry) in entries.enumerated() {
      let number = String(index + 1)
      output.line(String(repeating: " ", count: width - number.count) + number + "  " + entry)
    }
  }
}
