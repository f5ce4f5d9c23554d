import Foundation
import JSON
import Operators
import PipeDSL
import PluginBridge
import PluginHost
import Synchronization
import TerminalText

extension LanguageServer {
  /// What answers a request beyond the lifecycle, by its method.
  func handler(_ method: String) -> ((JSONValue) throws -> JSONValue)? {
    switch method {
    case "textDocument/completion": completion
    case "textDocument/codeLens": codeLenses
    case "textDocument/codeAction": codeActions
    case "textDocument/formatting": formatting
    case "textDocument/definition": definition
    case "textDocument/references": references
    case "textDocument/rename": rename
    case "textDocument/documentSymbol": documentSymbols
    case "textDocument/foldingRange": foldingRanges
    case "textDocument/semanticTokens/full": semanticTokens
    default: nil
    }
  }

  static let initializeResult: JSONValue = [
    "capabilities": [
      "positionEncoding": "utf-16",
      "textDocumentSync": ["openClose": true, "change": 1],
      "completionProvider": ["triggerCharacters": ["|", " ", "\"", "(", "."]],
      "hoverProvider": true,
      "codeLensProvider": ["resolveProvider": false],
      "executeCommandProvider": ["commands": [.string(LanguageServer.runCommand)]],
      "codeActionProvider": ["codeActionKinds": ["quickfix"]],
      "documentFormattingProvider": true,
      "definitionProvider": true, "referencesProvider": true, "renameProvider": true,
      "documentSymbolProvider": true, "foldingRangeProvider": true,
      "semanticTokensProvider": [
        "legend": [
          "tokenTypes": .array(LanguageServer.tokenTypes.map { .string($0) }), "tokenModifiers": [],
        ],
        "full": true,
      ],
    ],
    "serverInfo": ["name": "pipe", "version": .string(PipeVersion.current)],
  ]

  // MARK: Diagnostics

  /// Checks the document as `pipe check` would before running it, and publishes every
  /// diagnostic: the same span, message, notes and help.
  func publishDiagnostics(_ uri: String) {
    guard let document = documents[uri] else { return }
    let diagnostics = session.check(document.parsed, alone: true).diagnostics
    published[uri] = diagnostics
    let compiled = diagnostics.map { lspDiagnostic($0, in: document) }
    send(
      notification: "textDocument/publishDiagnostics",
      ["uri": .string(uri), "version": .int(document.version), "diagnostics": .array(compiled)])
    if !diagnostics.contains(where: \.isError) { runExpectations(document, compiled: compiled) }
  }

  /// A diagnostic as LSP has it: the message with its notes and help under it, as the command
  /// line prints them (`note: …`, `help: …`), its stable id as the code, its labels as related
  /// information.
  func lspDiagnostic(_ diagnostic: Diagnostic, in document: LSPDocument) -> JSONValue {
    let lines =
      [diagnostic.message] + diagnostic.notes.map { "note: " + $0 }
      + (diagnostic.help.map { ["help: " + $0] } ?? [])
    let severity =
      switch diagnostic.severity {
      case .error: 1
      case .warning: 2
      case .note: 3
      }
    var result: JSONObject = [
      "range": document.range(diagnostic.span), "severity": .int(severity), "source": "pipe",
      "code": .string(diagnostic.id.rawValue),
      "message": .string(redactor.redact(lines.joined(separator: "\n"))),
    ]
    if !diagnostic.labels.isEmpty {
      result["relatedInformation"] = .array(
        diagnostic.labels.map { label in
          [
            "location": ["uri": .string(document.uri), "range": document.range(label.span)],
            "message": .string(redactor.redact(label.message)),
          ]
        })
    }
    return .object(result)
  }

  // MARK: Code actions

  /// A quick fix for each published diagnostic in the range whose help names a replacement
  /// for the word it points at (`did you mean 'filter'?` under `fliter`).
  func codeActions(_ params: JSONValue) throws -> JSONValue {
    let document = try document(params)
    guard let start = document.offset(params["range"]?["start"]),
      let end = document.offset(params["range"]?["end"])
    else { throw Failure.invalidParams("no range") }
    let actions = (published[document.uri] ?? []).compactMap { diagnostic -> JSONValue? in
      guard diagnostic.span.start <= end, start <= diagnostic.span.end,
        let replacement = LanguageServer.replacement(diagnostic.help)
      else { return nil }
      let word = document.file.text(of: diagnostic.span)
      guard !word.isEmpty, word.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else {
        return nil
      }
      let edit: JSONValue = ["range": document.range(diagnostic.span), "newText": .string(replacement)]
      return [
        "title": .string("Replace '\(word)' with '\(replacement)'"), "kind": "quickfix", "isPreferred": true,
        "diagnostics": [lspDiagnostic(diagnostic, in: document)],
        "edit": ["changes": .object(JSONObject(uniqueMembers: [.init(key: document.uri, value: [edit])]))],
      ]
    }
    return .array(actions)
  }

  /// The name in a help of the form `did you mean 'NAME'?` (`Suggestions.didYouMean`).
  static func replacement(_ help: String?) -> String? {
    guard let help, help.hasPrefix("did you mean '"), help.hasSuffix("'?") else { return nil }
    let name = help.dropFirst("did you mean '".count).dropLast(2)
    return name.isEmpty || name.contains("'") || name.contains(" ") ? nil : String(name)
  }

  // MARK: Formatting

  /// `pipe fmt`'s layout, as one edit of the whole text (none when it is laid out already).
  func formatting(_ params: JSONValue) throws -> JSONValue {
    let document = try document(params)
    switch Formatter.format(document.file) {
    case .success(let text) where text == document.text: return []
    case .success(let text):
      return [["range": document.range(Span(0, document.file.endOffset)), "newText": .string(text)]]
    case .failure(.unreadable(let diagnostics)):
      let first = diagnostics[0]
      let location = document.file.location(of: first.span.start)
      throw Failure(
        code: LanguageServer.Failure.requestFailed, message: "cannot format: \(location): \(first.message)")
    case .failure(.changedTokens):
      throw Failure(
        code: LanguageServer.Failure.requestFailed, message: "cannot format: the layout would change a token")
    }
  }

  // MARK: Completion

  /// What the prompt's Tab offers at the cursor (`Completer`, with the document's `let`
  /// names and the plugins' sources known so far), each with its signature and the first
  /// sentence of its doc; inside the map after a marble string, its event names.
  func completion(_ params: JSONValue) throws -> JSONValue {
    let document = try document(params)
    guard let offset = document.offset(params["position"]) else { throw Failure.invalidParams("no position") }
    let before = document.file.text(
      of: Span(LanguageServer.statementStart(in: document.file, before: offset), offset))
    let breaks = Set(" \t\n|&;({[,=")
    let wordStart =
      before.lastIndex(where: breaks.contains).map { before.index(after: $0) } ?? before.startIndex
    let word = String(before[wordStart...])
    let range = document.range(Span(offset - word.utf8.count, offset))
    if let keys = LanguageServer.marbleKeys(before: before[..<wordStart]) {
      return LanguageServer.completionItems(keys.filter { $0.hasPrefix(word) }, range: range, details: [:])
    }
    var vocabulary = self.vocabulary
    let bindings = LanguageServer.bindings(in: document)
    vocabulary.bindings = bindings.map(\.name.text)
    var details = self.details
    for source in pluginSources.sources(of: host, learning: session) where details[source.name] == nil {
      vocabulary.sources.append(source.name)
      if ["place", "city"].contains(source.parameters.first?.name) {
        vocabulary.placeSources.append(source.name)
      }
      details[source.name] = LanguageServer.detail(of: source)
    }
    let completer = Completer(vocabulary: vocabulary, files: { _, _ in [] })
    let candidates = completer.candidates(before: String(before[..<wordStart]), word: word)
    for binding in bindings {
      details[binding.name.text] = Detail(
        signature: LanguageServer.firstLine(binding.statement.text), doc: "A let of this document.")
    }
    return LanguageServer.completionItems(candidates, range: range, details: details)
  }

  /// Where the statement at `offset` begins, for what completion reads: the start of the
  /// nearest line before it that does not go on the one above (one that starts neither with
  /// white space nor with `|`). Completion reads that much, not the whole document.
  static func statementStart(in file: SourceFile, before offset: Int) -> Int {
    var line = file.line(of: offset)
    while line > file.firstLine {
      let start = file.lineSpan(line).start
      guard let first = file.bytes[start..<min(offset, file.bytes.count)].first,
        first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") || first == UInt8(ascii: "|")
      else { return start }
      line -= 1
    }
    return file.lineSpan(file.firstLine).start
  }

  static func completionItems(_ candidates: [String], range: JSONValue, details: [String: Detail])
    -> JSONValue
  {
    [
      "isIncomplete": false,
      "items": .array(
        candidates.map { candidate in
          var item: JSONObject = [
            "label": .string(candidate), "textEdit": ["range": range, "newText": .string(candidate)],
          ]
          let name = String(candidate.trimmingCharacters(in: CharacterSet(charactersIn: "(:\"")))
          if let detail = details[name] {
            item["detail"] = .string(detail.signature)
            item["documentation"] = .string(Repl.firstSentence(detail.doc, limit: 100))
          }
          return .object(item)
        }),
    ]
  }

  static func detail(of source: ExternalSourceInfo) -> Detail {
    let parameters = source.parameters.map { $0.defaultValue == nil ? $0.name : "[\($0.name)]" }
    return Detail(signature: ([source.name] + parameters).joined(separator: " "), doc: source.doc)
  }

  /// Inside the `[...]` map right after a marble string (`expect "-a-b|" [a: 1, `): the
  /// names of its events not given a value yet, as `a:`; nil elsewhere.
  static func marbleKeys(before: Substring) -> [String]? {
    guard let open = before.lastIndex(of: "["), !before[open...].contains("]") else { return nil }
    let head = before[..<open].trimmingCharacters(in: .whitespaces)
    guard head.hasSuffix("\""), let quote = head.dropLast().lastIndex(of: "\"") else { return nil }
    let marble = String(head[head.index(after: quote)..<head.index(before: head.endIndex)])
    guard let diagram = try? MarbleDiagram(parsing: marble, as: .hot) else { return nil }
    let given = Set(
      before[before.index(after: open)...].split(separator: ",").compactMap {
        $0.split(separator: ":").first?.trimmingCharacters(in: .whitespaces)
      })
    var names: [String] = []
    for (_, event) in diagram.events {
      guard case .next(let name) = event, !given.contains(String(name)), !names.contains(String(name) + ":")
      else { continue }
      names.append(String(name) + ":")
    }
    return names
  }

  /// The `let` statements of a document, as far as it parses.
  static func bindings(in document: LSPDocument) -> [(name: Name, statement: Statement)] {
    document.program.statements.compactMap { statement in
      guard case .binding(let name, _) = statement.kind else { return nil }
      return (name, statement)
    }
  }

  // MARK: Hover

  /// `:help NAME` for the name under the cursor, or a `let` name's definition, with the
  /// name's range.
  func hoverText(_ document: LSPDocument, at offset: Int) -> (text: String, range: JSONValue)? {
    let tokens = Lexer.tokenize(document.file).tokens
    guard
      let token = tokens.first(where: {
        ($0.kind == .identifier || $0.kind == .command) && $0.span.start <= offset && offset <= $0.span.end
      })
    else { return nil }
    let name =
      token.kind == .command ? String(token.text.dropFirst().prefix { $0 != " " && $0 != "\t" }) : token.text
    let text: String
    if let binding = LanguageServer.bindings(in: document).last(where: {
      $0.name.text == name && $0.statement.span.start <= offset
    }) {
      text = binding.statement.text
    } else if let help = helpTexts[name] {
      text = help + documentValue(of: name, in: document, before: offset)
    } else if Settings.isSecret(name) || name.contains(".") {
      let value = documentValue(of: name, in: document, before: offset)
      guard !value.isEmpty else { return nil }
      text = name + "  (setting)" + value
    } else {
      return nil
    }
    return (redactor.redact(text), document.range(token.span))
  }

  /// The value the document's last `set NAME` before `offset` gives (a secret's as ••••), on
  /// a line of its own; empty when it sets none.
  func documentValue(of name: String, in document: LSPDocument, before offset: Int) -> String {
    let setting = document.program.statements.last { statement in
      guard case .setting(let path, _) = statement.kind else { return false }
      return path.text == name && statement.span.start <= offset
    }
    guard let setting, case .setting(_, let value) = setting.kind else { return "" }
    let line = document.file.line(of: setting.span.start)
    let secret = secretKeys.contains(name) || Settings.isSecret(name)
    let shown = secret ? Redactor.mask : document.file.text(of: value.span)
    return "\n  in this document: \(shown)  (line \(line))"
  }
}

/// The plugins' sources as completion offers them, never starting a plugin on a request: at
/// first what is known without starting one (the hello cache, plugins already running); the
/// first call also starts, in the background, the plugins not known yet, and from then on
/// every plugin's sources (and settings) are known.
final class PluginVocabulary: Sendable {
  private let known = Mutex<[ExternalSourceInfo]?>(nil)

  func sources(of host: PluginHost, learning session: Session) -> [ExternalSourceInfo] {
    if let known = known.withLock({ $0 }) { return known }
    let now = PluginSources.sources(of: host.pluginsKnownWithoutStarting())
    known.withLock { $0 = now }
    DispatchQueue.global().async { [self] in
      guard let all = session.learnAllPlugins() else { return }
      known.withLock { $0 = all.sources }
    }
    return now
  }
}
