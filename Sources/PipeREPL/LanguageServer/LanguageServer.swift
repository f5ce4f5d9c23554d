import Foundation
import JSON
import Operators
import PipeDSL
import PipeRendering
import PluginBridge
import PluginHost
import TerminalText

/// `pipe lsp`: a language server (LSP 3.17) over standard input and output. The main thread
/// reads each message and answers it in turn; what the answers need of the language (checking
/// a text, the vocabulary) runs on the loop through `Session`, as a script's does. Nothing but
/// messages is ever written to standard output: the session's output is dropped.
final class LanguageServer {
  enum State { case starting, running, shutDown }

  /// A JSON-RPC error answer.
  struct Failure: Error {
    var code: Int
    var message: String
    static let parseError = -32700
    static let invalidRequest = -32600
    static let methodNotFound = -32601
    static let invalidParams = -32602
    static let serverNotInitialized = -32002
    static let requestFailed = -32803
    static func invalidParams(_ message: String) -> Failure { Failure(code: invalidParams, message: message) }
  }

  let writer: LSPWriter
  let session: Session
  let redactor: Redactor
  /// The plugins of every session of the server: started when a text first needs one.
  let host: PluginHost
  /// How long a run may take (`initializationOptions.runSeconds`, 5 s by default).
  var runSeconds = 5.0
  /// Runs documents and draws statements, off the thread that reads requests.
  lazy var runner = LSPRunner(budget: runSeconds, host: host) { [writer] started in
    writer.send([
      "jsonrpc": "2.0", "method": "window/logMessage", "params": ["type": 4, "message": .string(started)],
    ])
  }
  let drawings = Drawings()
  let pluginSources = PluginVocabulary()
  /// `:help NAME` of every name the catalogue, the settings and the commands know, gathered
  /// once: a hover then never waits for the loop, which a run may hold for its whole budget.
  lazy var helpTexts: [String: String] = {
    let help = HelpText(paint: .plain)
    var texts: [String: String] = [:]
    for name in vocabulary.helpNames where texts[name] == nil { texts[name] = help.text(name, in: session) }
    return texts
  }()
  /// The settings known to be secrets (besides those the name rule makes secret).
  lazy var secretKeys: Set<String> = session.loop.sync { [session] in
    Set(session.settings.definitions.values.filter(\.secret).map(\.key))
  }

  /// Gathers, before any run can hold the loop, what requests read of the session.
  func warmUp() {
    _ = (vocabulary, details, sinks, helpTexts, secretKeys)
  }

  /// The names of the sinks (`show`, `expect`, `marbles`...): a statement is drawn without its own.
  lazy var sinks: Set<String> = session.loop.sync { [session] in
    Set(session.compiler.catalogue.entries.values.filter { $0.role == .sink }.map(\.name))
  }
  var state = State.starting
  var documents: [String: LSPDocument] = [:]
  /// The diagnostics last published for each document, for its code actions.
  var published: [String: [Diagnostic]] = [:]
  /// The documents changed since their diagnostics were published: they are checked when no
  /// message waits to be read, or before the next request, so that a burst of changes is
  /// checked once.
  var stale: [String] = []
  /// The words completion offers, gathered once from the session.
  lazy var vocabulary: Vocabulary = session.loop.sync { [session] in
    Vocabulary.gather(session, commands: PromptCommands.all.map(\.name), topics: HelpTopics.names)
  }

  /// The signature and doc of each name completion may offer: stages, strategies, plugin
  /// sources, settings.
  struct Detail: Sendable {
    var signature: String
    var doc: String
  }
  lazy var details: [String: Detail] = session.loop.sync { [session] in
    let compiler = session.compiler
    var details: [String: Detail] = [
      "let": Detail(
        signature: "let NAME = PIPELINE", doc: "Names a pipeline; each use of the name subscribes anew."),
      "set": Detail(signature: "set KEY VALUE", doc: "Writes a setting that the stages after it read."),
    ]
    for setting in session.settings.definitions.values {
      details[setting.key] = Detail(signature: "set \(setting.key) <\(setting.takes)>", doc: setting.doc)
    }
    for source in compiler.externalSources.values {
      let parameters = source.parameters.map { $0.defaultValue == nil ? $0.name : "[\($0.name)]" }
      details[source.name] = Detail(
        signature: ([source.name] + parameters).joined(separator: " "), doc: source.doc)
    }
    for strategy in compiler.catalogue.strategies.values {
      details[strategy.name] = Detail(signature: strategy.signature, doc: strategy.doc)
    }
    for entry in compiler.catalogue.entries.values {
      details[entry.name] = Detail(signature: entry.signature, doc: entry.doc)
    }
    return details
  }

  init(writer: LSPWriter) {
    self.writer = writer
    let settings = Settings.fromEnvironment()
    redactor = Redactor.fromEnvironment(settings)
    host = Session.pluginHost(output: DroppedOutput(), paint: .plain)
    session = LanguageServer.session(settings: settings, redactor: redactor, host: host)
  }

  /// A session that checks texts and runs none that could reach a host or write a file; what
  /// it prints goes to `output` (dropped by default: standard output carries messages only),
  /// and `input` reads no line (standard input is the client's). Its plugins are `host`'s,
  /// so that the runs of `LSPRunner` share the server's plugins.
  static func session(
    settings: sending Settings, redactor: Redactor,
    output: any PipeDSL.OutputStream & Sendable = DroppedOutput(),
    host: PluginHost? = nil
  ) -> Session {
    let permissions = PermissionChoices().permissions(command: "pipe lsp", grading: true)
    permissions.follow(settings)
    permissions.scriptsOnly()
    let services = Services(
      output: output, settings: settings, cache: ValueCache(),
      sources: PluginSources(
        host: host ?? Session.pluginHost(output: output, paint: .plain), permissions: permissions,
        notes: { output.errorLine($0) }),
      ask: { _ in .fail }, lines: ReaderLines(NoLines()), drawing: Rendering(display: { Display() }),
      redactor: redactor, permissions: permissions)
    return Loop.main.sync { Session.withDrawingSinks(clock: .virtual, services: services) }
  }

  /// Reads and answers messages until `exit` or the end of the input; the exit status: 0
  /// after `shutdown`, else 1 (as LSP asks).
  func run(reader: LSPReader) -> Int32 {
    defer { session.stopPlugins() }
    while true {
      if !stale.isEmpty, !reader.hasMore { publishStale() }
      switch reader.next() {
      case .end: return state == .shutDown ? 0 : 1
      case .refused(let reason):
        answer(id: .null, failure: Failure(code: Failure.invalidRequest, message: reason))
      case .message(let bytes): if let status = handle(bytes) { return status }
      }
    }
  }

  /// Answers one message; the exit status once it is `exit`.
  func handle(_ bytes: [UInt8]) -> Int32? {
    let message: JSONValue
    do {
      message = try JSONValue.parse(bytes)
    } catch {
      answer(id: .null, failure: Failure(code: Failure.parseError, message: error.description))
      return nil
    }
    guard let object = message.objectValue, object["jsonrpc"] == "2.0" else {
      answer(id: .null, failure: Failure(code: Failure.invalidRequest, message: "not a JSON-RPC 2.0 message"))
      return nil
    }
    let id = object["id"]
    if let id, id.intValue == nil, id.stringValue == nil {
      answer(
        id: .null,
        failure: Failure(code: Failure.invalidRequest, message: "an id must be a number or a string"))
      return nil
    }
    guard let method = object["method"]?.stringValue else {
      if id != nil, object["result"] != nil || object["error"] != nil { return nil }  // an answer to us
      answer(
        id: id ?? .null, failure: Failure(code: Failure.invalidRequest, message: "a message without a method")
      )
      return nil
    }
    let params = object["params"] ?? .null
    guard let id else { return notify(method, params) }
    publishStale()
    do {
      if let result = try request(method, params, id: id) { answer(id: id, result: result) }
    } catch let failure as Failure {
      answer(id: id, failure: failure)
    } catch {
      answer(id: id, failure: Failure(code: -32603, message: "\(error)"))
    }
    return nil
  }

  /// The answer to a request; nil when it is answered later, from another thread.
  private func request(_ method: String, _ params: JSONValue, id: JSONValue) throws -> JSONValue? {
    switch (state, method) {
    case (.starting, "initialize"):
      state = .running
      if let seconds = params["initializationOptions"]?["runSeconds"]?.doubleValue, seconds > 0 {
        runSeconds = min(seconds, 600)
      }
      warmUp()
      return LanguageServer.initializeResult
    case (.starting, _):
      throw Failure(code: Failure.serverNotInitialized, message: "the server is not initialized yet")
    case (.shutDown, _):
      throw Failure(code: Failure.invalidRequest, message: "the server is shut down")
    case (_, "initialize"):
      throw Failure(code: Failure.invalidRequest, message: "the server is already initialized")
    case (_, "shutdown"):
      state = .shutDown
      return .null
    default:
      if let later = laterHandler(method) {
        try later(params, id)
        return nil
      }
      guard let handler = handler(method) else {
        throw Failure(code: Failure.methodNotFound, message: "unknown method '\(method)'")
      }
      return try handler(params)
    }
  }

  private func notify(_ method: String, _ params: JSONValue) -> Int32? {
    if method == "exit" { return state == .shutDown ? 0 : 1 }
    guard state == .running else { return nil }
    switch method {
    case "textDocument/didOpen":
      guard let item = params["textDocument"], let uri = item["uri"]?.stringValue,
        let text = item["text"]?.stringValue
      else { return nil }
      let document = LSPDocument(uri: uri, version: item["version"]?.intValue ?? 0, text: text)
      runner.changed(uri, version: document.version)
      documents[uri] = document
      if !stale.contains(uri) { stale.append(uri) }
    case "textDocument/didChange":
      guard let uri = params["textDocument"]?["uri"]?.stringValue, var document = documents[uri],
        let changes = params["contentChanges"]?.arrayValue
      else { return nil }
      for change in changes { document.apply(change) }
      document.version = params["textDocument"]?["version"]?.intValue ?? document.version + 1
      runner.changed(uri, version: document.version)  // first: a run of the old text lets the loop go
      documents[uri] = document
      if !stale.contains(uri) { stale.append(uri) }
    case "textDocument/didClose":
      guard let uri = params["textDocument"]?["uri"]?.stringValue else { return nil }
      runner.changed(uri, version: nil)
      stale.removeAll { $0 == uri }
      documents[uri] = nil
      published[uri] = nil
      send(notification: "textDocument/publishDiagnostics", ["uri": .string(uri), "diagnostics": []])
    default: break  // initialized, $/cancelRequest, $/setTrace, didSave...: nothing to do
    }
    return nil
  }

  /// Publishes the diagnostics of every document changed since they were last published.
  func publishStale() {
    let uris = stale
    stale = []
    for uri in uris { publishDiagnostics(uri) }
  }

  /// The document a request names.
  func document(_ params: JSONValue) throws -> LSPDocument {
    guard let uri = params["textDocument"]?["uri"]?.stringValue else {
      throw Failure.invalidParams("no textDocument.uri")
    }
    guard let document = documents[uri] else {
      throw Failure.invalidParams("the document \(uri) is not open")
    }
    return document
  }

  func answer(id: JSONValue, result: JSONValue) {
    writer.send(["jsonrpc": "2.0", "id": id, "result": result])
  }

  func answer(id: JSONValue, failure: Failure) {
    writer.send([
      "jsonrpc": "2.0", "id": id,
      "error": ["code": .int(failure.code), "message": .string(redactor.redact(failure.message))],
    ])
  }

  func send(notification method: String, _ params: JSONValue) {
    writer.send(["jsonrpc": "2.0", "method": .string(method), "params": params])
  }
}

extension LSPDocument {
  /// One `contentChanges` entry: the whole text, or a range replaced (UTF-16 positions).
  mutating func apply(_ change: JSONValue) {
    guard let text = change["text"]?.stringValue else { return }
    guard let range = change["range"] else {
      file = SourceFile(name: file.name, text: text)
      return
    }
    guard let start = offset(range["start"]), let end = offset(range["end"]), start <= end else { return }
    let bytes = file.bytes[..<start] + Array(text.utf8) + file.bytes[end...]
    file = SourceFile(name: file.name, text: String(decoding: bytes, as: UTF8.self))
  }
}

/// Output nobody reads: `pipe lsp`'s standard output carries messages only.
final class DroppedOutput: PipeDSL.OutputStream, Sendable {
  func line(_ text: String) {}
  func errorLine(_ text: String) {}
}

/// `input` in a language server: no line, ever (standard input is the client's).
final class NoLines: LineReader {
  func readLine(prompt: String, token: ReadToken) -> String? { nil }
}
