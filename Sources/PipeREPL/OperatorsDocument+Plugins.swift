import PipeDSL

extension OperatorsDocument {
  /// The plugin sources and every setting, after the language's own entries.
  var pluginParts: [String] {
    var parts: [String] = []
    if !plugins.isEmpty {
      parts.append(
        "## Plugin sources\n\nSources of the plugins built with pipe. They answer from seeded "
          + "simulators unless their `mode` setting is `live`; docs/PLUGINS.md tells how to write one.")
      parts += plugins.map(section)
    }
    parts.append("## Settings\n\nWritten with `set KEY VALUE`; `:settings` lists them, secrets as ••••.")
    parts.append(table(settings + pluginSettings))
    return parts
  }

  private var pluginSettings: [Settings.Definition] {
    var seen: Set<String> = []
    return plugins.flatMap(\.settings).filter { seen.insert($0.key).inserted }
  }

  private func section(_ source: ExternalSourceInfo) -> String {
    let signature =
      ([source.name] + source.parameters.map { $0.defaultValue == nil ? $0.name : "[\($0.name)]" })
      .joined(separator: " ")
    var lines = ["### `\(source.name)`", "", "    \(signature)", "", source.doc, ""]
    lines += source.parameters.map { parameter in
      let fallback = parameter.defaultValue.map { ", default `\($0.literal)`" } ?? ""
      return "- `\(parameter.name)` (\(parameter.type)\(fallback)): \(parameter.doc)"
    }
    if let example = source.example { lines += ["", "Example: `\(example)`"] }
    lines += ["", "From the `\(source.plugin)` plugin."]
    return lines.joined(separator: "\n")
  }

  private func table(_ definitions: [Settings.Definition]) -> String {
    let rows = definitions.map { definition in
      let shown = definition.secret ? "(secret)" : "`\(definition.defaultValue.literal)`"
      return
        "| `\(definition.key)` | \(shown) | \(definition.doc.replacingOccurrences(of: "|", with: "\\|")) |"
    }
    return (["| setting | default | |", "|---|---|---|"] + rows).joined(separator: "\n")
  }
}
