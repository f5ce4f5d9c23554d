import Foundation
import PipeDSL

/// What Tab offers where the cursor stands: sources, `let`, `set` and commands at the start
/// of a statement; operators after `|`; a stage's options and strategies inside it; setting
/// keys after `set` and in `until(`, and a setting's values after its key; city names in the
/// string after `weather` and `airquality`; file names after `:load`, `:export svg` and
/// `:plugin load`.
///
///     completer.candidates(before: "just 1 | ", word: "ret")  // ["retry", "retryWhen"]
struct Completer {
  var vocabulary: Vocabulary
  /// File and folder names for a partial path, with the extensions kept (nil: every file).
  var files: (String, Set<String>?) -> [String] = FileNames.candidates

  /// The completions of `word`, given the statement's text before it.
  func candidates(before: String, word: String) -> [String] {
    if let places = placeCandidates(before: before, word: word) { return places }
    if let places = unquotedPlaceCandidates(before: before, word: word) { return places }
    return Array(Set(unfiltered(before: before, word: word).filter { $0.hasPrefix(word) })).sorted()
  }

  /// Inside a string still open at the end of the text: the cities after a source that takes
  /// a place (`weather "Lo`), the plan forms after a fault plan's key (`set weather.faults "5`),
  /// each closed with its quote, as the rest of libedit's word (which starts after a space).
  private func placeCandidates(before: String, word: String) -> [String]? {
    let text = before + word
    guard let quote = Completer.openQuote(text) else { return nil }
    let tokens = Completer.statementTokens(String(text[..<quote]))
    let choices: [String]
    if let source = tokens.last, source.kind == .identifier, vocabulary.placeSources.contains(source.text) {
      choices = vocabulary.places
    } else if tokens.count == 2, tokens[0].text == "set", tokens[1].text.hasSuffix(".faults") {
      choices = Completer.faultPlanForms
    } else {
      return nil
    }
    let typed = text[quote...]  // `"New Y`
    let inside = typed.dropFirst()
    let keep = typed.count - word.count  // what libedit leaves before its word
    return choices.filter { $0.hasPrefix(inside) }.map { String(("\"" + $0 + "\"").dropFirst(keep)) }
  }

  /// Right after a source that takes a place, before any quote (`weather Par`): the cities
  /// that begin with the word, each in its quotes (`"Paris"`), replacing the word.
  private func unquotedPlaceCandidates(before: String, word: String) -> [String]? {
    guard !word.hasPrefix("\""), word.allSatisfy({ $0.isLetter || $0 == " " }) else { return nil }
    let tokens = Completer.statementTokens(before)
    let stage = tokens[((Completer.lastTopLevelPipe(tokens[...]) ?? -1) + 1)...]
    guard stage.count == 1, let source = stage.first, source.kind == .identifier,
      vocabulary.placeSources.contains(source.text)
    else { return nil }
    return vocabulary.places.filter { $0.lowercased().hasPrefix(word.lowercased()) }.map { "\"\($0)\"" }
  }

  /// Where the string still open at the end of `text` starts, if one is.
  static func openQuote(_ text: String) -> String.Index? {
    var open: String.Index?
    var escaped = false
    for index in text.indices {
      let character = text[index]
      if escaped {
        escaped = false
      } else if character == "\\" && open != nil {
        escaped = true
      } else if character == "\"" {
        open = open == nil ? index : nil
      }
    }
    return open
  }

  private func unfiltered(before: String, word: String) -> [String] {
    let tokens = Completer.statementTokens(before)
    guard let first = tokens.first else { return statementStart }
    if first.kind == .command { return commandArguments(first.text, word: word) }
    if first.kind == .identifier && first.text == "set" {
      return settingWords(Array(tokens.dropFirst()), quoted: word.hasPrefix("\""))
    }
    if first.kind == .identifier && first.text == "let" {
      guard let equal = tokens.firstIndex(where: { $0.kind == .equal }) else { return [] }
      return pipelineWords(Array(tokens[(equal + 1)...]))
    }
    return pipelineWords(tokens)
  }

  private var statementStart: [String] {
    vocabulary.sources + vocabulary.bindings + ["let", "set"] + vocabulary.commands
  }

  /// The tokens of the statement the cursor is in.
  static func statementTokens(_ text: String) -> [Token] {
    let tokens = Lexer.tokenize(SourceFile(name: "<tab>", text: text), mode: .prompt).tokens
      .filter { $0.kind != .end }
    let start = tokens.lastIndex { $0.kind == .newline || $0.kind == .semicolon || $0.kind == .amp }
    return Array(tokens[(start.map { $0 + 1 } ?? 0)...])
  }

  private func commandArguments(_ text: String, word: String) -> [String] {
    let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    switch words {
    case [":load"]: return files(word, ["pipe"])
    case [":export"]: return ["svg", "rxswift", "combine", "rxjs"]
    case [":export", "svg"]: return files(word, ["svg"])
    case [":plugin"]: return ["load"]
    case [":plugin", "load"]: return files(word, nil)
    case [":help"]: return vocabulary.helpNames
    case [":clock"]: return ["virtual", "real"]
    case [":kill"]: return vocabulary.jobs
    case [":schedule"]: return vocabulary.strategies
    case [":reset"]: return vocabulary.settings
    default: return []
    }
  }

  /// After `set`: the keys; after a key, its values (`live`, or `"live"` once a quote is typed);
  /// after a fault plan's key, the plan's forms, in quotes.
  private func settingWords(_ tokens: [Token], quoted: Bool) -> [String] {
    switch tokens.count {
    case 0: return vocabulary.settings
    case 1 where tokens[0].text.hasSuffix(".faults"):
      return Completer.faultPlanForms.map { "\"\($0)\"" }
    case 1:
      return (vocabulary.settingValues[tokens[0].text] ?? []).compactMap { value in
        guard case .string(let text) = value else { return quoted ? nil : value.literal }
        return quoted || !Completer.isBareWord(text) ? value.literal : text
      }
    default: return []
    }
  }

  /// What a fault plan may say (docs/PLUGINS.md, `pipe fake-api --help`): steps in turn, the
  /// last repeated, or a rate of failures.
  static let faultPlanForms = [
    "500,500,ok", "503", "timeout,ok", "offline,ok", "garbage,ok", "401", "404", "429,ok", "rate(0.3)",
    "rate(0.5, timeout)", "ok",
  ]

  /// Whether `set` takes the text without quotes: a word of letters, digits, `_` and `-`.
  static func isBareWord(_ text: String) -> Bool {
    guard let first = text.first, first.isLetter else { return false }
    return text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
  }

  /// Inside a pipeline: what may stand where the cursor is, by the innermost open bracket and
  /// the stage the cursor is in.
  private func pipelineWords(_ tokens: [Token]) -> [String] {
    var segment = tokens[...]
    if let open = Completer.innermostOpen(tokens) {
      let opener = tokens[open]
      let previous = open > 0 ? tokens[open - 1] : nil
      switch opener.kind {
      case .leftParen where previous?.kind == .identifier && previous!.span.end == opener.span.start:
        return callWords(previous!.text)
      case .leftParen:
        segment = tokens[(open + 1)...]
      case .leftBracket:
        return Completer.stageName(tokens[..<open]) == "retryWhen" ? vocabulary.strategies : []
      default:
        return []
      }
    }
    let pipe = Completer.lastTopLevelPipe(segment)
    let stage = segment[((pipe ?? segment.startIndex - 1) + 1)...]
    guard let name = stage.first, name.kind == .identifier else {
      return stage.isEmpty
        ? (pipe == nil ? vocabulary.sources + vocabulary.bindings : vocabulary.operators) : []
    }
    return stageWords(name.text)
  }

  /// Words inside a stage: its options, and what its first argument may be.
  private func stageWords(_ name: String) -> [String] {
    let options = vocabulary.options[name] ?? []
    switch name {
    case "retryWhen": return options + vocabulary.strategies
    case "catch": return options + ["cache", "empty", "just", "ask"]
    case "onError", "onNext", "tap": return options + ["log", "say", "count"]
    default: return options
    }
  }

  /// Words inside `name(`: setting keys for `until(` and `changes(`, else its labels.
  private func callWords(_ name: String) -> [String] {
    if name == "until" || name == "changes" { return vocabulary.settings }
    return (vocabulary.strategyLabels[name] ?? vocabulary.options[name] ?? []).map { $0 + ":" }
  }

  /// The index of the innermost bracket still open at the end.
  static func innermostOpen(_ tokens: [Token]) -> Int? {
    var open: [Int] = []
    for (index, token) in tokens.enumerated() {
      switch token.kind {
      case .leftParen, .leftBracket, .leftBrace: open.append(index)
      case .rightParen, .rightBracket, .rightBrace: _ = open.popLast()
      default: break
      }
    }
    return open.last
  }

  /// The last `|` outside brackets.
  static func lastTopLevelPipe(_ tokens: ArraySlice<Token>) -> Int? {
    var depth = 0
    var last: Int?
    for index in tokens.indices {
      switch tokens[index].kind {
      case .leftParen, .leftBracket, .leftBrace: depth += 1
      case .rightParen, .rightBracket, .rightBrace: depth -= 1
      case .pipe where depth == 0: last = index
      default: break
      }
    }
    return last
  }

  /// The name of the stage the end of `tokens` stands in.
  static func stageName(_ tokens: ArraySlice<Token>) -> String? {
    let pipe = lastTopLevelPipe(tokens)
    let stage = tokens[((pipe ?? tokens.startIndex - 1) + 1)...]
    return stage.first.flatMap { $0.kind == .identifier ? $0.text : nil }
  }
}

/// File-name completion: folders (with `/`) and the files with one of `extensions` (every
/// file when nil).
enum FileNames {
  static func candidates(_ word: String, extensions: Set<String>?) -> [String] {
    let slash = word.lastIndex(of: "/")
    let folder = slash.map { String(word[...$0]) } ?? ""
    let prefix = slash.map { String(word[word.index(after: $0)...]) } ?? word
    let path = folder.isEmpty ? "." : HomeFolder.expand(folder)
    let manager = FileManager.default
    guard let names = try? manager.contentsOfDirectory(atPath: path) else { return [] }
    return names.sorted().compactMap { name in
      guard name.hasPrefix(prefix), !name.hasPrefix(".") || prefix.hasPrefix(".") else { return nil }
      var isFolder: ObjCBool = false
      _ = manager.fileExists(atPath: (path as NSString).appendingPathComponent(name), isDirectory: &isFolder)
      if isFolder.boolValue { return folder + name + "/" }
      let kept = extensions.map { $0.contains((name as NSString).pathExtension) } ?? true
      return kept ? folder + name : nil
    }
  }
}
