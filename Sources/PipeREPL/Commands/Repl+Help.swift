import Foundation
import PipeDSL
import TerminalText

extension Repl {
  /// `:help` (the tour and the commands) or `:help NAME`.
  func help(_ command: Command) throws(CommandError) -> CommandReply {
    guard let word = command.words.first?.text else {
      let width = PromptCommands.all.map(\.usage.displayWidth).max() ?? 0
      let lines =
        [HelpTopics.tour + "\n\ncommands"]
        + PromptCommands.all.map { "  " + $0.usage.padded(toWidth: width) + "  " + $0.summary }
        + ["topics: " + HelpTopics.names.joined(separator: ", ") + " (:help jobs)"]
      return .text(fitted(lines.joined(separator: "\n"), width: streams.output.width))
    }
    let name = word.hasPrefix(":") ? String(word.dropFirst()) : word
    if helpText(name) == nil { loadPluginNames() }
    guard let text = helpText(name) else {
      let hint = Suggestions.didYouMean(name, in: vocabulary.helpNames).map { " (\($0))" } ?? ""
      throw .problem("no help for '\(name)'\(hint)")
    }
    return .text(fitted(text, width: streams.output.width))
  }

  /// Help text fitted to the terminal: when a line is wider than `width`, the prose around it
  /// (lines of one indent, no column gaps) is joined and broken again between words, and a
  /// table row is broken between words with its continuation indented under its text, so
  /// nothing is cut mid-word at 60 columns. Text that fits is left exactly as written.
  func fitted(_ text: String, width: Int) -> String {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard width >= 20, lines.contains(where: { $0.displayWidth > width }) else { return text }
    var out: [String] = []
    var paragraph: (indent: String, words: [Substring])?
    func flush() {
      if let (indent, words) = paragraph {
        out += breakWords(words, first: indent, rest: indent, width: width)
      }
      paragraph = nil
    }
    for line in lines {
      let indent = String(line.prefix { $0 == " " })
      let body = line.dropFirst(indent.count)
      if !body.isEmpty && !body.contains("  ") {
        if paragraph?.indent != indent { flush() }
        paragraph = (indent, (paragraph?.words ?? []) + body.split(separator: " "))
        continue
      }
      flush()
      if line.displayWidth <= width {
        out.append(line)
      } else {
        // A table row keeps its column gap; its text goes on under the text column.
        let gap = line.range(
          of: "  ", range: line.index(line.startIndex, offsetBy: indent.count)..<line.endIndex)
        let textStart = gap.map { line[$0.lowerBound...].firstIndex { $0 != " " } ?? line.endIndex }
        let head = textStart.map { String(line[..<$0]) } ?? indent
        let words = line[(textStart ?? line.startIndex)...].split(separator: " ")
        if head.displayWidth <= width - 20 {
          let rest = String(repeating: " ", count: head.displayWidth)
          out += breakWords(words, first: head, rest: rest, width: width)
        } else {
          // The first column is too wide to leave room: the text goes on the lines below it.
          let under = indent + "    "
          out += breakWords(head.split(separator: " "), first: indent, rest: indent + "  ", width: width)
          out += breakWords(words, first: under, rest: under, width: width)
        }
      }
    }
    flush()
    return out.joined(separator: "\n")
  }

  private func breakWords(_ words: [Substring], first: String, rest: String, width: Int) -> [String] {
    var out: [String] = []
    var current = first
    var empty = first.allSatisfy { $0 == " " }
    for word in words {
      if !empty && current.displayWidth + 1 + word.displayWidth > width {
        out.append(current)
        current = rest
        empty = true
      }
      current += (empty || current.hasSuffix(" ") ? "" : " ") + word
      empty = false
    }
    if !empty { out.append(current) }
    return out
  }

  /// The help for a command, topic, operator, strategy or plugin source.
  func helpText(_ name: String) -> String? { HelpText(paint: paint).text(name, in: host.current) }

  /// `:ops`: every stage that is not a source, by family.
  func listOperators() -> CommandReply {
    let session = host.current
    let catalogue = session.loop.sync { session.compiler.catalogue }
    return .text(
      CatalogueEntry.Role.allCases.filter { $0 != .source }.flatMap { role in
        [paint(role.rawValue, .bold)] + catalogue.entries(role: role).map { summaryLine($0.name, $0.doc) }
      })
  }

  /// `:sources`: the built-in sources, then the plugins'.
  func listSources() -> CommandReply {
    loadPluginNames()
    let session = host.current
    let (catalogue, plugins) = session.loop.sync {
      (session.compiler.catalogue, session.compiler.externalSources)
    }
    let external = plugins.values.sorted { $0.name < $1.name }
    return .text(
      [paint("built in", .bold)] + catalogue.entries(role: .source).map { summaryLine($0.name, $0.doc) }
        + [paint("plugins", .bold) + (external.isEmpty ? paint("  none running", .dim) : "")]
        + external.map { summaryLine($0.name, $0.doc + " (\($0.plugin))") })
  }

  /// `  name           First sentence of the doc`, cut to fit 90 columns.
  func summaryLine(_ name: String, _ doc: String) -> String {
    "  " + name.padded(toWidth: 15) + " " + Repl.firstSentence(doc, limit: 72)
  }

  /// The text up to the first full stop that ends a word (not `...` nor `e.g.`), at most
  /// `limit` characters, cut at a space with `…`.
  static func firstSentence(_ text: String, limit: Int) -> String {
    let characters = Array(text)
    var end = characters.count
    for index in characters.indices.dropFirst(2).dropLast()
    where characters[index] == "." && characters[index + 1] == " " && characters[index - 1].isLetter
      && characters[index - 2].isLetter
    {
      end = index
      break
    }
    if end == characters.count, text.hasSuffix("."), !text.hasSuffix("..") { end -= 1 }
    var sentence = String(characters[..<end])
    guard sentence.count > limit else { return sentence }
    sentence = String(sentence.prefix(limit - 1))
    if let space = sentence.lastIndex(of: " ") { sentence = String(sentence[..<space]) }
    return sentence.trimmingCharacters(in: CharacterSet(charactersIn: ",;: ")) + "…"
  }
}
