import Dispatch
import Foundation
import JSON
import PipeDSL
import Synchronization

/// What no other language server does: running the document. Each statement gets a code lens
/// "▶ run" (and each `expect` line of it one more); the lens's command and a hover on the
/// statement show its marble diagram on the virtual clock, the text `marbles` prints for it;
/// after each pause in the typing the document is run as `pipe check` runs it, and each
/// `expect` that does not hold is a diagnostic on its line. Every run is `LSPRunner`'s, off
/// the thread that reads requests, within its time budget.
extension LanguageServer {
  /// The requests answered later, from the runner's thread: `id` is theirs.
  func laterHandler(_ method: String) -> ((JSONValue, JSONValue) throws -> Void)? {
    switch method {
    case "textDocument/hover": hover
    case "workspace/executeCommand": executeCommand
    default: nil
    }
  }

  static let runCommand = "pipe.run"
  /// How long the typing must pause before the document is run (its compile diagnostics are
  /// published at once).
  static let runDelay = 0.25

  // MARK: Code lens

  /// "▶ run" over each statement that runs a pipeline, and over each `expect` line of it.
  func codeLenses(_ params: JSONValue) throws -> JSONValue {
    let document = try document(params)
    let file = document.file
    var lenses: [JSONValue] = []
    for statement in document.program.statements {
      guard case .run(let pipeline, _) = statement.kind else { continue }
      let first = file.line(of: statement.span.start) - file.firstLine
      var lines = [first]
      for stage in pipeline.stages {
        guard case .operator(let stage) = stage.kind, stage.name.text == "expect" else { continue }
        let line = file.line(of: stage.name.span.start) - file.firstLine
        if !lines.contains(line) { lines.append(line) }
      }
      for line in lines {
        let start: JSONValue = ["line": .int(line), "character": 0]
        lenses.append([
          "range": ["start": start, "end": start],
          "command": [
            "title": "▶ run", "command": .string(LanguageServer.runCommand),
            "arguments": [.string(document.uri), .int(first)],
          ],
        ])
      }
    }
    return .array(lenses)
  }

  /// `pipe.run URI LINE`: the diagram of the statement on that line, as the answer and as a
  /// log message (where an editor shows the server's output).
  func executeCommand(_ params: JSONValue, id: JSONValue) throws {
    guard params["command"]?.stringValue == LanguageServer.runCommand else {
      throw Failure.invalidParams("unknown command; the one command is \(LanguageServer.runCommand)")
    }
    guard let arguments = params["arguments"]?.arrayValue, arguments.count == 2,
      let uri = arguments[0].stringValue, let line = arguments[1].intValue
    else { throw Failure.invalidParams("\(LanguageServer.runCommand) takes a document's URI and a line") }
    guard let document = documents[uri] else {
      throw Failure.invalidParams("the document \(uri) is not open")
    }
    let file = document.file
    let program = document.program
    guard
      let index = program.statements.firstIndex(where: {
        file.line(of: $0.span.start) - file.firstLine <= line
          && line <= file.line(of: $0.span.end) - file.firstLine
      }), let text = drawing(index, of: program, in: document)
    else {
      throw Failure(code: Failure.requestFailed, message: "no pipeline to run on line \(line + 1)")
    }
    let writer = self.writer
    draw(text, document: document) { diagram in
      writer.send([
        "jsonrpc": "2.0", "method": "window/logMessage", "params": ["type": 3, "message": .string(diagram)],
      ])
      writer.send(["jsonrpc": "2.0", "id": id, "result": .string(diagram)])
    }
  }

  // MARK: Hover

  /// The help of the word under the cursor (`hoverText`) and, in a statement that runs a
  /// pipeline (or on a `let` name), its diagram under it.
  func hover(_ params: JSONValue, id: JSONValue) throws {
    let document = try document(params)
    guard let offset = document.offset(params["position"]) else { throw Failure.invalidParams("no position") }
    let word = hoverText(document, at: offset)
    let program = document.program
    let compiles = !(published[document.uri] ?? []).contains(where: \.isError)
    guard compiles,
      let index = program.statements.firstIndex(where: { $0.span.start <= offset && offset <= $0.span.end }),
      let text = drawing(index, of: program, in: document, at: offset)
    else {
      answer(id: id, result: word.map { LanguageServer.hoverResult([$0.text], range: $0.range) } ?? .null)
      return
    }
    let range = word?.range ?? document.range(program.statements[index].span)
    let writer = self.writer
    draw(text, document: document) { diagram in
      let result = LanguageServer.hoverResult((word.map { [$0.text] } ?? []) + [diagram], range: range)
      writer.send(["jsonrpc": "2.0", "id": id, "result": result])
    }
  }

  static func hoverResult(_ blocks: [String], range: JSONValue) -> JSONValue {
    [
      "contents": [
        "kind": "markdown", "value": .string(blocks.map { "```\n" + $0 + "\n```" }.joined(separator: "\n")),
      ],
      "range": range,
    ]
  }

  // MARK: Drawing

  /// The text that draws statement `index`: the document's `let` and `set` statements before
  /// it, then its pipeline with `marbles` in place of its sink. On a `let`'s name (`offset`),
  /// the name's own stream. Nil for what draws nothing (a `set`, a command, a lone sink).
  func drawing(_ index: Int, of program: Program, in document: LSPDocument, at offset: Int? = nil) -> String?
  {
    let file = document.file
    let before = program.statements[..<index].filter {
      switch $0.kind {
      case .binding, .setting: true
      case .run, .command: false
      }
    }
    let statement = program.statements[index]
    let pipeline: String
    switch statement.kind {
    case .run(let run, _):
      var stages = run.stages
      if case .operator(let last)? = stages.last?.kind, sinks.contains(last.name.text) { stages.removeLast() }
      guard let end = stages.last?.span.end else { return nil }
      pipeline = file.text(of: Span(run.span.start, end))
    case .binding(let name, _):
      guard let offset, name.span.start <= offset, offset <= name.span.end else { return nil }
      return (before + [statement]).map(\.text).joined(separator: "\n") + "\n\(name.text) | marbles\n"
    case .setting, .command: return nil
    }
    return (before.map(\.text) + [pipeline + " | marbles"]).joined(separator: "\n") + "\n"
  }

  /// Runs `text` and calls `then` with what it drew (on the runner's thread), or at once when
  /// the same text was drawn before.
  func draw(_ text: String, document: LSPDocument, then: @escaping @Sendable (String) -> Void) {
    if let known = drawings[text] {
      then(known)
      return
    }
    let drawings = self.drawings
    runner.submit(
      LSPRunner.Work(
        uri: document.uri, version: document.version, file: SourceFile(name: document.file.name, text: text),
        purpose: "drawing",
        done: { outcome in
          let shown = LanguageServer.shown(outcome)
          if outcome.stop != .cancelled { drawings[text] = shown }
          then(shown)
        }))
  }

  /// What a run printed, then its notes (a run stopped at the horizon) and why it stopped.
  static func shown(_ outcome: LSPRunner.Outcome) -> String {
    var lines = outcome.lines + outcome.notes
    switch outcome.stop {
    case .budget(let seconds)?:
      lines.append("note: stopped after \(seconds.formatted()) s (the time budget of a run in the editor)")
    case .cancelled?: lines.append("note: not run: the document changed first")
    case nil: break
    }
    return lines.joined(separator: "\n")
  }

  // MARK: Expectations

  /// Runs the document once the typing pauses, as `pipe check` grades it, and publishes its
  /// diagnostics again with each `expect` that did not hold on the `expect`'s words: the
  /// grader's own message. Nothing is published for a version that is no longer the newest.
  func runExpectations(_ document: LSPDocument, compiled: [JSONValue]) {
    var spans: [Int: Span] = [:]
    for statement in document.program.statements {
      guard case .run(let pipeline, _) = statement.kind,
        case .operator(let last)? = pipeline.stages.last?.kind,
        last.name.text == "expect", let stage = pipeline.stages.last
      else { continue }
      spans[statement.span.start] = stage.span
    }
    let expects = spans
    let (writer, runner, uri, version) = (self.writer, self.runner, document.uri, document.version)
    runner.submit(
      LSPRunner.Work(
        uri: uri, version: version, file: document.file, purpose: "document",
        notBefore: .now() + LanguageServer.runDelay,
        done: { outcome in
          guard outcome.stop != .cancelled else { return }
          var diagnostics = compiled
          for failure in outcome.failures {
            let span = expects[failure.statement.span.start] ?? failure.statement.span
            diagnostics.append([
              "range": document.range(span), "severity": 1, "source": "pipe", "code": "expectationFailed",
              "message": .string(failure.message),
            ])
          }
          if case .budget = outcome.stop {
            diagnostics.append([
              "range": document.range(Span(0, 0)), "severity": 3, "source": "pipe", "code": "stopped",
              "message": .string(
                LanguageServer.shown(LSPRunner.Outcome(stop: outcome.stop)) + "; what follows was not checked"
              ),
            ])
          }
          runner.ifCurrent(uri, version: version) {
            writer.send([
              "jsonrpc": "2.0", "method": "textDocument/publishDiagnostics",
              "params": ["uri": .string(uri), "version": .int(version), "diagnostics": .array(diagnostics)],
            ])
          }
        }))
  }
}

/// The diagrams drawn, by the text that drew them (a text runs the same on the virtual
/// clock): at most 256, from any thread.
final class Drawings: Sendable {
  private let known = Mutex<[String: String]>([:])

  subscript(text: String) -> String? {
    get { known.withLock { $0[text] } }
    set {
      known.withLock { known in
        if known.count >= 256 { known.removeAll() }
        known[text] = newValue
      }
    }
  }
}
