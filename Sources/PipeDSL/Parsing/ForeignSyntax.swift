/// How pipe writes what a Swift or Rx developer wrote: the text of the suggestions that
/// `Parser+ForeignSyntax` reports.
///
///     ForeignSyntax.pipeline([.init(name: "weather", arguments: "\"London\""),
///                             .init(name: "retry", arguments: "3")])
///     // "weather \"London\" | retry 3"
enum ForeignSyntax {
  /// One call of a method chain: `retry(3)`, `map { $0.temp }`.
  struct Link {
    var name: String
    var arguments: String?
    var closure: String?
  }

  /// The pipe line a method chain means, a stage for each link.
  static func pipeline(_ links: [Link]) -> String {
    links.map(stage).joined(separator: " | ")
  }

  private static func stage(_ link: Link) -> String {
    var name = link.name.hasPrefix("Observable.") ? String(link.name.dropFirst(11)) : link.name
    let label = link.arguments.flatMap(firstLabel)
    if ["catch", "catchError"].contains(name), let body = link.closure ?? link.arguments.flatMap(closureBody)
    {
      return fallback(body) ?? "catch (PIPELINE)"
    }
    if let foreign = Translation.named(name, label: label) {
      guard foreign.isAlias, let entry = foreign.translation.entry else {
        return foreign.translation.pipeText
      }
      name = entry
    }
    var text = name
    if let arguments = link.arguments.map(values), !arguments.isEmpty {
      text += topLevelCommas(arguments) ? "(\(arguments))" : " \(arguments)"
    }
    if let closure = link.closure { text += " { \(element(closure.trimmed, parameter: nil)) }" }
    return text
  }

  /// What `{ x in BODY }` is in pipe: `catchAndReturn null` for catch's `.just(nil)`,
  /// otherwise the braces with `.` for the parameter.
  static func closure(_ body: String, parameter: String, stage: String) -> String {
    // What pipe has for these, not the closure again without its parameter (which fails too).
    if ["catch", "catchError"].contains(stage) {
      return fallback(body).map { "'\($0)'" }
        ?? "'catch (PIPELINE)', as in 'catch (just 0)', or 'catch cache'"
    }
    if ["retryWhen", "retry"].contains(stage) {
      return "'retryWhen (errors | ...)', a pipeline over the errors, as in "
        + "'retryWhen (errors | throwIf { .attempt >= 4 } . | flatMap (timer { .attempt }))'"
    }
    return "'\(stage.isEmpty ? "" : stage + " "){ \(element(body.trimmed, parameter: parameter)) }'"
  }

  /// `.just(nil)` → `catchAndReturn null`, `.empty()` → `catch empty`, a value from a
  /// cache (`.just(cache["London"])`) → `catch cache`.
  private static func fallback(_ body: String) -> String? {
    var text = body.trimmed
    if let arrow = text.firstRange(of: " in ") { text = String(text[arrow.upperBound...]).trimmed }
    if text.hasPrefix("return ") { text = String(text.dropFirst(7)).trimmed }
    if text.hasPrefix("Observable.") { text = String(text.dropFirst(10)) }
    if text.contains("cache") { return "catch cache" }
    if text.hasPrefix(".just("), text.hasSuffix(")") {
      return "catchAndReturn " + values(String(text.dropFirst(6).dropLast()))
    }
    return text == ".empty()" || text == "Empty()" ? "catch empty" : nil
  }

  /// `{ _ in .just(nil) }` passed in parentheses: its body.
  private static func closureBody(_ arguments: String) -> String? {
    let text = arguments.trimmed
    guard text.hasPrefix("{"), text.hasSuffix("}") else { return nil }
    return String(text.dropFirst().dropLast())
  }

  /// Swift's values as pipe writes them: `nil` → `null`, `.seconds(2)` → `2s`; a
  /// `scheduler:` argument is left out, as pipe has one clock.
  private static func values(_ text: String) -> String {
    var parts = splitTopLevel(text).filter { !$0.trimmed.hasPrefix("scheduler:") }
    parts = parts.map { part in
      var part = part.trimmed
      for (swift, unit) in [(".seconds(", "s"), (".milliseconds(", "ms")]
      where part.hasPrefix(swift) && part.hasSuffix(")") {
        part = String(part.dropFirst(swift.count).dropLast()) + unit
      }
      return part == "nil" ? "null" : element(part, parameter: nil)
    }
    return parts.joined(separator: ", ")
  }

  /// `$0.temp` → `.temp`; with a parameter `x`, `x.temp` → `.temp`.
  private static func element(_ text: String, parameter: String?) -> String {
    var result = text.replacing("$0.", with: ".").replacing("$0", with: ".")
    if let parameter, parameter != "_" {
      result = replaceWord(parameter + ".", with: ".", in: result)
      result = replaceWord(parameter, with: ".", in: result)
    }
    return result
  }

  private static func replaceWord(_ word: String, with replacement: String, in text: String) -> String {
    var result = ""
    var rest = Substring(text)
    while let range = rest.firstRange(of: word) {
      let before = rest[..<range.lowerBound].last
      let after = rest[range.upperBound...].first
      let isWord =
        !(before.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" } ?? false)
        && (word.hasSuffix(".") || !(after.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false))
      result += rest[..<range.lowerBound] + (isWord ? replacement : word)
      rest = rest[range.upperBound...]
    }
    return result + rest
  }

  private static func firstLabel(_ arguments: String) -> String? {
    let first = splitTopLevel(arguments).first?.trimmed ?? ""
    guard let colon = first.firstIndex(of: ":") else { return nil }
    let label = first[..<colon]
    return label.allSatisfy({ $0.isLetter }) ? String(label) : nil
  }

  private static func topLevelCommas(_ text: String) -> Bool { splitTopLevel(text).count > 1 }

  /// `a, f(b, c), [d, e]` → `a`, `f(b, c)`, `[d, e]`.
  private static func splitTopLevel(_ text: String) -> [String] {
    var parts: [String] = []
    var current = ""
    var depth = 0
    var quoted = false
    for character in text {
      if character == "\"" { quoted.toggle() }
      if !quoted {
        if "([{".contains(character) { depth += 1 }
        if ")]}".contains(character) { depth -= 1 }
        if character == ",", depth == 0 {
          parts.append(current)
          current = ""
          continue
        }
      }
      current.append(character)
    }
    if !current.trimmed.isEmpty { parts.append(current) }
    return parts
  }
}

extension String {
  var trimmed: String {
    String(
      drop { $0 == " " || $0 == "\n" || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\n" || $0 == "\t" }
        .reversed())
  }
}
