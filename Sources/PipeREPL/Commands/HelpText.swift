import Foundation
import PipeDSL
import TerminalText

/// The text of `:help NAME`, which the prompt prints and `pipe lsp` shows on hover: a
/// command, a topic, an operator (signature, doc, marble line, examples, its names in RxSwift,
/// Combine and RxJS), a strategy, a plugin source or a setting (its value now, a secret masked).
struct HelpText {
  var paint: Paint

  /// The help for a command, topic, operator, strategy or plugin source.
  func text(_ name: String, in session: Session) -> String? {
    let topic = HelpTopics.text(name)
    if let command = PromptCommands.named(name) {
      // `:help jobs` is both the command and the topic: show the one, then the other.
      let usage = paint(command.usage, .bold) + "\n  " + command.summary
      return topic.map { usage + "\n\n" + $0 } ?? usage
    }
    if let topic { return topic }
    return session.loop.sync { () -> String? in
      let catalogue = session.compiler.catalogue
      let note = Translation.helpNote(name).map { $0 + "\n" } ?? ""
      if let (entry, _) = catalogue.lookup(name) { return note + describe(entry) }
      if let foreign = Translation.named(name),
        let entry = foreign.translation.entry.flatMap({
          catalogue.entries[$0]
        })
      {
        return note + describe(entry)
      }
      if let strategy = catalogue.strategies[name] { return describe(strategy) }
      if let source = session.compiler.externalSources[name] { return describe(source) }
      return session.settings.definitions[name].map { describe($0, in: session.settings) }
    }
  }

  /// `:help weather.faults`: what the setting does, what it takes, its default and its value
  /// now (a secret as ••••), and how to set it.
  func describe(_ setting: Settings.Definition, in settings: Settings) -> String {
    let plugin = setting.key.contains(".") ? setting.key.split(separator: ".").first.map(String.init) : nil
    let example = setting.secret ? "\"…\"" : (setting.allowed?.first ?? setting.defaultValue).literal
    let shownDefault =
      setting.secret && setting.defaultValue != "" ? Redactor.mask : setting.defaultValue.literal
    var lines = [
      paint(setting.key, .bold) + paint(plugin.map { "  (setting of plugin \($0))" } ?? "  (setting)", .dim),
      wrap(setting.doc),
      "  takes:    " + setting.takes,
      "  default:  " + shownDefault,
      "  now:      " + settings.display(setting.key) + (settings.isSet(setting.key) ? "  (set)" : ""),
      "  set it:   set \(setting.key) \(example)   back to the default: :reset \(setting.key)",
    ]
    if setting.secret {
      lines.append(
        "  secret:   shown as \(Redactor.mask); only its plugin gets the value; or from the environment: "
          + Settings.environmentName(of: setting.key))
    }
    return lines.joined(separator: "\n")
  }

  func describe(_ entry: CatalogueEntry) -> String {
    var lines = [paint(entry.signature, .bold) + paint("  (\(entry.role.rawValue))", .dim), wrap(entry.doc)]
    if let marble = entry.marble { lines.append("  marbles:  \(marble.line)   (\(marble.legend))") }
    lines += entry.examples.map(describe)
    if !entry.options.isEmpty { lines.append("  options:  " + entry.options.joined(separator: ", ")) }
    if let elsewhere = Translation.elsewhere(entry.name) { lines.append("  elsewhere: " + elsewhere) }
    let aliases = Translation.aliases(of: entry.name)
    if !aliases.isEmpty { lines.append("  also taken: " + aliases.joined(separator: ", ")) }
    return lines.joined(separator: "\n")
  }

  func describe(_ strategy: StrategyEntry) -> String {
    [
      paint(strategy.signature, .bold) + paint("  (retryWhen strategy)", .dim), wrap(strategy.doc),
    ]
    .joined(separator: "\n") + strategy.examples.map { "\n" + describe($0) }.joined()
  }

  /// `  example:  CODE` and, under it, the first lines it prints.
  func describe(_ example: Example) -> String {
    let limit = 8
    var printed = example.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if example.output.isEmpty { printed = ["(prints nothing)"] }
    if printed.count > limit { printed = printed.prefix(limit - 1) + ["…"] }
    return (["  example:  " + example.code] + printed.map { "            " + $0 }).joined(separator: "\n")
  }

  func describe(_ source: ExternalSourceInfo) -> String {
    let parameters = source.parameters.map { $0.defaultValue == nil ? $0.name : "[\($0.name)]" }
    var lines = [
      paint(([source.name] + parameters).joined(separator: " "), .bold)
        + paint("  (source, plugin \(source.plugin))", .dim),
      wrap(source.doc),
    ]
    for parameter in source.parameters {
      lines.append(
        "  \(parameter.name): \(parameter.type)" + (parameter.doc.isEmpty ? "" : " — \(parameter.doc)"))
    }
    if let example = source.example { lines.append("  example:  " + example) }
    return lines.joined(separator: "\n")
  }

  /// A paragraph wrapped at 88 columns, indented by two.
  func wrap(_ text: String, width: Int = 88) -> String {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty && line.displayWidth + word.displayWidth + 1 > width - 2 {
        lines.append("  " + line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    if !line.isEmpty { lines.append("  " + line) }
    return lines.joined(separator: "\n")
  }
}
