/// An exported `main.swift` as one file of a module of the round trip's package
/// (`RoundTripPackage`): its declarations fileprivate, since every program declares its own
/// `PipeError`, clock and helpers (but for those its module declares once for several
/// programs: `SharedDeclarations`), and its statements, in their order, the body of one
/// public function. A global `let` of the program is a lazy global there, made at its first
/// use rather than in order: the exports' bindings and declarations are publishers and
/// helpers, made without effects.
enum ProgramFile {
  /// The file of `program`, without the declarations of `shared` keys, which its module has.
  static func file(_ program: SharedDeclarations.Program, leaving shared: Set<String>, named function: String)
    -> String
  {
    let own = program.declarations.filter { !shared.contains($0.key) }.map { fileprivateDeclaration($0.text) }
    let body = program.statements.map { $0.isEmpty ? $0 : "    " + $0 }.joined(separator: "\n")
    return (program.imports + own).joined(separator: "\n") + "\n\npublic func \(function)() {\n\(body)\n}\n"
  }

  /// A declaration's text made fileprivate (at its first line of code).
  static func fileprivateDeclaration(_ text: String) -> String {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let code = lines.firstIndex(where: { !$0.hasPrefix("//") && !$0.isEmpty }),
      let keyword = declarationStart(lines[code])
    else { return text }
    lines[code] = fileprivateDeclaration(lines[code], at: keyword)
    return lines.joined(separator: "\n")
  }

  /// A declaration's text with no `private` or `fileprivate` before its keyword, for the
  /// module's shared file, where the programs' files must see it.
  static func internalDeclaration(_ text: String) -> String {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let code = lines.firstIndex(where: { !$0.hasPrefix("//") && !$0.isEmpty }),
      let keyword = declarationStart(lines[code])
    else { return text }
    let head = lines[code][..<keyword].replacingOccurrences(of: "fileprivate ", with: "")
      .replacingOccurrences(of: "private ", with: "")
    lines[code] = head + lines[code][keyword...]
    return lines.joined(separator: "\n")
  }

  /// The program's top-level items: each begins at a line at the left margin (with the `//`
  /// lines just above it) and goes on until the next.
  static func items(of program: String) -> [[String]] {
    var items: [[String]] = []
    var comments: [String] = []
    for line in program.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      let atMargin = line.first.map { !$0.isWhitespace } ?? false
      let continues = ["}", ")", "]", "#endif", "#else", "."].contains { line.hasPrefix($0) }
      if line.hasPrefix("//") || (line.isEmpty && !comments.isEmpty) {
        comments.append(line)
      } else if atMargin && !continues {
        items.append(comments + [line])
        comments = []
      } else if items.isEmpty {
        comments.append(line)
      } else {
        items[items.count - 1] += comments + [line]
        comments = []
      }
    }
    if !comments.isEmpty { items.append(comments) }
    return items
  }

  static let keywords: Set = [
    "struct", "enum", "class", "extension", "protocol", "func", "let", "var", "typealias",
  ]
  static let modifiers: Set = ["final", "private", "fileprivate", "internal", "public", "static", "indirect"]

  /// Where the declaration's keyword begins in `line` (after attributes and modifiers), or nil
  /// for a statement.
  static func declarationStart(_ line: String) -> String.Index? {
    var rest = line[...]
    while true {
      rest = rest.drop { $0 == " " }
      let word = rest.prefix { $0.isLetter || $0 == "@" }
      if word.hasPrefix("@") {
        rest = rest.dropFirst(word.count)
        if rest.first == "(" { rest = rest.drop { $0 != ")" }.dropFirst() }
      } else if modifiers.contains(String(word)) {
        rest = rest.dropFirst(word.count)
      } else {
        return keywords.contains(String(word)) ? rest.startIndex : nil
      }
    }
  }

  /// The declaration made fileprivate, unless it is already private or declares a conformance
  /// (which takes no access modifier): the first modifier-free word gets `fileprivate `.
  static func fileprivateDeclaration(_ line: String, at keyword: String.Index) -> String {
    let head = line[..<keyword]
    if head.contains("private") { return line }
    if line[keyword...].hasPrefix("extension"), line[keyword...].prefix(while: { $0 != "{" }).contains(":") {
      return line
    }
    let start = head.range(of: "final ")?.lowerBound ?? keyword
    return String(line[..<start]) + "fileprivate " + line[start...]
  }
}
