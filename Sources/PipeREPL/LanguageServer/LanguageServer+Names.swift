import JSON
import PipeDSL

/// What a document says about its own names and shape: `let` names (definition, references,
/// rename), its statements (symbols, folding) and its tokens (semantic tokens).
extension LanguageServer {
  /// A `let` of the document and every identifier that means it: a use after its statement
  /// and before the name is bound again.
  struct Binding {
    var name: Name
    var statement: Statement
    var uses: [Span]
  }

  static func resolvedBindings(in document: LSPDocument) -> [Binding] {
    var result = bindings(in: document).map {
      Binding(name: $0.name, statement: $0.statement, uses: [$0.name.span])
    }
    let names = Set(result.map(\.name.span))
    for token in Lexer.tokenize(document.file).tokens
    where token.kind == .identifier && !names.contains(token.span) {
      guard
        let index = result.lastIndex(where: {
          $0.name.text == token.text && $0.statement.span.end <= token.span.start
        })
      else { continue }
      result[index].uses.append(token.span)
    }
    return result
  }

  /// The binding whose name or use is at `offset`.
  static func binding(at offset: Int, in document: LSPDocument) -> Binding? {
    resolvedBindings(in: document).first { binding in
      binding.uses.contains { $0.start <= offset && offset <= $0.end }
    }
  }

  func definition(_ params: JSONValue) throws -> JSONValue {
    let document = try document(params)
    guard let offset = document.offset(params["position"]) else { throw Failure.invalidParams("no position") }
    guard let binding = LanguageServer.binding(at: offset, in: document) else { return .null }
    return ["uri": .string(document.uri), "range": document.range(binding.name.span)]
  }

  func references(_ params: JSONValue) throws -> JSONValue {
    let document = try document(params)
    guard let offset = document.offset(params["position"]) else { throw Failure.invalidParams("no position") }
    guard let binding = LanguageServer.binding(at: offset, in: document) else { return .null }
    let declaration = params["context"]?["includeDeclaration"]?.boolValue ?? true
    return .array(
      binding.uses.filter { declaration || $0 != binding.name.span }.map {
        ["uri": .string(document.uri), "range": document.range($0)]
      })
  }

  /// Renames a `let` name and its uses; the new name must be one identifier.
  func rename(_ params: JSONValue) throws -> JSONValue {
    let document = try document(params)
    guard let offset = document.offset(params["position"]), let newName = params["newName"]?.stringValue
    else {
      throw Failure.invalidParams("no position or newName")
    }
    let tokens = Lexer.tokenize(SourceFile(name: "<name>", text: newName)).tokens.filter { $0.kind != .end }
    guard tokens.count == 1, tokens[0].kind == .identifier, tokens[0].text == newName, !newName.contains(".")
    else {
      throw Failure.invalidParams("'\(newName)' is not a name a let can have")
    }
    guard let binding = LanguageServer.binding(at: offset, in: document) else {
      throw Failure(code: Failure.requestFailed, message: "only a let name can be renamed")
    }
    let edits: [JSONValue] = binding.uses.map { ["range": document.range($0), "newText": .string(newName)] }
    return ["changes": .object(JSONObject(uniqueMembers: [.init(key: document.uri, value: .array(edits))]))]
  }

  /// Each statement: a `let` by its name, a `set` by its key, a pipeline by its first line.
  func documentSymbols(_ params: JSONValue) throws -> JSONValue {
    let document = try document(params)
    let statements = document.program.statements
    return .array(
      statements.map { statement in
        let (name, kind, selection): (String, Int, Span) =
          switch statement.kind {
          case .binding(let name, _): (name.text, 13, name.span)  // Variable
          case .setting(let path, _): ("set " + path.text, 7, path.span)  // Property
          case .run: (Self.firstLine(statement.text), 12, statement.span)  // Function
          case .command(let command): (Self.firstLine(statement.text), 24, command.name.span)  // Event
          }
        return [
          "name": .string(name.isEmpty ? "statement" : name), "kind": .int(kind),
          "range": document.range(statement.span), "selectionRange": document.range(selection),
        ]
      })
  }

  static func firstLine(_ text: String) -> String {
    let line = text.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? text
    return line.count > 60 ? String(line.prefix(59)) + "…" : line
  }

  /// A range for each statement over more than one line.
  func foldingRanges(_ params: JSONValue) throws -> JSONValue {
    let document = try document(params)
    let file = document.file
    return .array(
      document.program.statements.compactMap { statement in
        let first = file.line(of: statement.span.start) - file.firstLine
        let last = file.line(of: max(statement.span.start, statement.span.end - 1)) - file.firstLine
        guard last > first else { return nil }
        return ["startLine": .int(first), "endLine": .int(last)]
      })
  }

  // MARK: Semantic tokens

  static let tokenTypes = [
    "keyword", "function", "variable", "string", "number", "operator", "property", "macro",
  ]

  /// The document's tokens by kind (LSP's relative encoding): `let`, `set` and a rate's `per` as keywords,
  /// stage, strategy and source names as functions, `let` names as variables, fields as
  /// properties, prompt commands as macros. A token over several lines is left out.
  func semanticTokens(_ params: JSONValue) throws -> JSONValue {
    let document = try document(params)
    let file = document.file
    let names = Set(LanguageServer.bindings(in: document).map(\.name.text))
    let known = Set(details.keys)
    var data: [JSONValue] = []
    var last = (line: 0, character: 0)
    for token in Lexer.tokenize(file).tokens {
      let type: String? =
        switch token.kind {
        case .identifier where token.text == "let" || token.text == "set": "keyword"
        case .identifier where token.text == "per": "keyword"
        case .identifier where names.contains(token.text): "variable"
        case .identifier where known.contains(token.text): "function"
        case .field: "property"
        case .command: "macro"
        case .literal:
          switch token.literal {
          case .string?: "string"
          case .null?, .bool?: "keyword"
          default: "number"
          }
        case .pipe, .pipePipe, .amp, .ampAmp: "operator"
        default: nil
        }
      guard let type, let index = LanguageServer.tokenTypes.firstIndex(of: type), !token.span.isEmpty else {
        continue
      }
      let line = file.line(of: token.span.start) - file.firstLine
      guard line == file.line(of: token.span.end - 1) - file.firstLine else { continue }
      let start = document.position(token.span.start)["character"]?.intValue ?? 0
      let length = token.text.utf16.count
      let deltaStart = line == last.line ? start - last.character : start
      data += [.int(line - last.line), .int(deltaStart), .int(length), .int(index), .int(0)]
      last = (line, start)
    }
    return ["data": .array(data)]
  }
}
