import Foundation

/// Finds pipe's own syntax left in exported Swift or TypeScript code, outside comments and
/// string literals: a stage after ` | ` (`| catch`), a field read off no value
/// (`+ .kind`, `{ .city`), the bare element (`just(.)`), a duration (`500ms`), the
/// exporter's `/* ? */`.
///
///     PipeSyntax.lines(in: #"Observable.just({ ("no weather: " + .kind) })"#)
///     // ["1: Observable.just({ (\"no weather: \" + .kind) })"]
enum PipeSyntax {
  static let patterns = [
    // A pipe into a stage; TypeScript's union types (`Subscription | undefined`) are not one.
    #" \| (?!undefined\b|null\b|string\b|number\b|boolean\b|void\b)[a-z]"#,
    // A field of pipe's element: `.kind` after an operator, a bracket or a space, not a key
    // path (`\.value`), an enum case (`case .error`) nor a call (`.kind(`).
    #"(?<![\w\)\]\?!>\\])\.(kind|city|attempt|status|message|retryAfter|event|aqi|index|value|error|temperature)\b(?!\()"#,
    #"[\(\s,]\.[\s\),]"#,
    #"(?<![\w.])\d+(ms|s|m)\b"#,
    #"/\* \? \*/"#,
  ].map { try! NSRegularExpression(pattern: $0) }

  /// The lines of `code` with pipe syntax, numbered from 1.
  static func lines(in code: String) -> [String] {
    var found: [String] = []
    var inBlockComment = false
    for (index, line) in code.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let (text, stillInComment) = codeOnly(String(line), inBlockComment: inBlockComment)
      inBlockComment = stillInComment
      if text.range(of: #"^\s*case \."#, options: .regularExpression) != nil { continue }
      let range = NSRange(text.startIndex..., in: text)
      if patterns.contains(where: { $0.firstMatch(in: text, range: range) != nil }) {
        found.append("\(index + 1): \(line)")
      }
    }
    return found
  }

  /// The line without comments and with each string literal emptied (`""`, `''`, ``` `` ```);
  /// and whether a `/* ... */` comment goes on after it.
  static func codeOnly(_ line: String, inBlockComment: Bool) -> (String, Bool) {
    var result = ""
    var inComment = inBlockComment
    var quote: Character?
    var characters = Array(line)[...]
    while let character = characters.popFirst() {
      if inComment {
        if character == "*" && characters.first == "/" {
          characters.removeFirst()
          inComment = false
        }
      } else if let open = quote {
        if character == "\\" {
          characters = characters.dropFirst()
        } else if character == open {
          result.append(character)
          quote = nil
        }
      } else if character == "/" && characters.first == "/" {
        break
      } else if character == "/" && characters.first == "*" {
        // `/* ? */` is what the exporter writes for an expression it could not translate.
        if Array(characters.prefix(5)) == Array("* ? *") {
          result += "/* ? */"
          characters = characters.dropFirst(6)
        } else {
          characters.removeFirst()
          inComment = true
        }
      } else {
        if character == "\"" || character == "'" || character == "`" { quote = character }
        result.append(character)
      }
    }
    return (result, inComment)
  }
}
