/// Which of the exported programs' declarations the round trip's package compiles once for
/// several programs. Every `--runnable` program carries its own clock, `run`, `PipeError`,
/// printing helpers and so on: some 250 lines, the same text in most programs, where the
/// pipeline itself is a few lines. Compiled once per program, they were most of the round
/// trip's build (three of its four minutes of CPU).
///
/// Programs are put in groups that agree on every declaration the shared ones depend on
/// (`PipeError`, `Error.kind`, ...), and each group is one module: a declaration that has the
/// same text in every program of the group that declares it, and refers to nothing that stays
/// a program's own, is written once in the module (`RoundTripPackage.sharedFile`); the others
/// stay in the program's file, fileprivate, as before. Programs in no group of at least
/// `minimumGroup`, and those the caller names (`unshared`: a program that did not build
/// shared), are in one module where every program keeps all of its declarations, so a
/// program that does not build there is the program's fault.
///
/// Sharing changes no program's meaning: a shared declaration is exactly the text each of
/// its programs declares, and a program sees no other declaration of that name. A shared
/// global `let` is as lazy as a program's own (`ProgramFile`), and one program runs per
/// process, so no program sees another's state.
struct SharedDeclarations {
  /// A top-level declaration of a program, or one member of an extension (an extension
  /// without a conformance is cut into one extension per member, so programs that declare
  /// different sets of `Error`'s members still share the members they agree on).
  struct Declaration {
    /// As exported, with the comments above it.
    var text: String
    /// What it declares: two declarations of one key with different texts are variants,
    /// which one module cannot hold both of.
    var key: String
    /// The names others may refer to it by.
    var names: Set<String>
    /// The names it may refer to (more than it does: only ever fewer are shared for it).
    var refs: Set<String>
    /// The text without its comment lines, which is what variants differ by.
    var code: String
  }

  /// An exported program: its imports, declarations and statements, in order.
  struct Program {
    var target: String
    var imports: [String]
    var declarations: [Declaration]
    var statements: [String]
  }

  /// One module: its name, the declarations it writes once, and its programs.
  struct Module {
    var name: String
    var shared: [Declaration]
    var programs: [Program]
    /// The keys of `shared`: a program's declaration of one of them is not written again.
    var sharedKeys: Set<String>
  }

  static let minimumGroup = 3
  /// The module of the programs that share nothing.
  static let ownModule = "RoundTripPrograms"

  /// The modules for `programs`, those named in `unshared` sharing nothing.
  static func modules(_ programs: [Program], unshared: Set<String>) -> [Module] {
    // A key declared with different texts, that a declaration all programs agree on refers
    // to: programs are grouped by their texts of these.
    var texts: [String: Set<String>] = [:]
    var keysOfName: [String: Set<String>] = [:]
    for declaration in programs.flatMap(\.declarations) {
      texts[declaration.key, default: []].insert(declaration.code)
      for name in declaration.names { keysOfName[name, default: []].insert(declaration.key) }
    }
    var dividing: Set<String> = []
    for declaration in programs.flatMap(\.declarations)
    where texts[declaration.key]!.count == 1 {
      for name in declaration.refs {
        dividing.formUnion((keysOfName[name] ?? []).filter { texts[$0]!.count > 1 })
      }
    }
    var groups: [String: [Program]] = [:]
    var order: [String] = []
    var own: [Program] = []
    for program in programs {
      if unshared.contains(program.target) {
        own.append(program)
        continue
      }
      let group = program.declarations.filter { dividing.contains($0.key) }.map { $0.key + "\u{0}" + $0.code }
        .sorted().joined(separator: "\u{1}")
      if groups[group] == nil { order.append(group) }
      groups[group, default: []].append(program)
    }
    var modules: [Module] = []
    for group in order {
      let members = groups[group]!
      guard members.count >= minimumGroup else {
        own += members
        continue
      }
      let shared = sharedDeclarations(of: members)
      modules.append(
        Module(
          name: "RoundTripShared\(modules.count + 1)", shared: shared, programs: members,
          sharedKeys: Set(shared.map(\.key))))
    }
    if !own.isEmpty {
      modules.append(
        Module(name: ownModule, shared: [], programs: own.sorted { $0.target < $1.target }, sharedKeys: []))
    }
    return modules
  }

  /// The declarations of one group that can be written once: one text in every program of
  /// the group that declares the key, and no reference to a name that stays a program's own.
  static func sharedDeclarations(of programs: [Program]) -> [Declaration] {
    var texts: [String: Set<String>] = [:]
    var first: [String: Declaration] = [:]
    var order: [String] = []
    for declaration in programs.flatMap(\.declarations) {
      texts[declaration.key, default: []].insert(declaration.code)
      if first[declaration.key] == nil {
        first[declaration.key] = declaration
        order.append(declaration.key)
      }
    }
    var shared = Set(order.filter { texts[$0]!.count == 1 })
    while true {
      let own = Set(order.filter { !shared.contains($0) }.flatMap { first[$0]!.names })
      let dependent = shared.filter { !first[$0]!.refs.isDisjoint(with: own) }
      if dependent.isEmpty { break }
      shared.subtract(dependent)
    }
    return order.filter(shared.contains).map { first[$0]! }
  }

  /// `program` (an exported `main.swift`) cut into its parts.
  static func program(_ text: String, target: String) -> Program {
    var program = Program(target: target, imports: [], declarations: [], statements: [])
    for item in ProgramFile.items(of: text) {
      guard let code = item.firstIndex(where: { !$0.hasPrefix("//") && !$0.isEmpty }) else {
        program.statements += item
        continue
      }
      if item[code].hasPrefix("import ") || item[code].hasPrefix("#if") {
        program.imports.append(item.joined(separator: "\n"))
      } else if let keyword = ProgramFile.declarationStart(item[code]) {
        // The blank lines after a declaration are not its own.
        let end = (item.lastIndex { !$0.isEmpty } ?? code) + 1
        program.declarations += declarations(Array(item[..<end]), code: code, keyword: keyword)
        program.statements += item[end...]
      } else {
        program.statements += item
      }
    }
    return program
  }

  /// The declaration `item` makes, or one per member of an extension without a conformance.
  static func declarations(_ item: [String], code: Int, keyword: String.Index) -> [Declaration] {
    let line = item[code]
    let word = line[keyword...].prefix { $0.isLetter }
    let name = String(
      line[keyword...].dropFirst(word.count).drop { $0 == " " }.prefix {
        $0.isLetter || $0.isNumber || $0 == "_"
      })
    let head = line[keyword...].prefix { $0 != "{" }.trimmingCharacters(in: .whitespaces)
    switch word {
    case "extension":
      let extended = head.components(separatedBy: " where ")[0]
      guard !extended.contains(":"), line.hasSuffix("{"), item.last == "}" else {
        return [declaration(item, key: head, names: memberNames(item.dropFirst(code + 1)))]
      }
      let parts = Self.members(item[(code + 1)..<(item.count - 1)])
      guard !parts.isEmpty else { return [declaration(item, key: head, names: [])] }
      return parts.map { member in
        let first = member.first { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") } ?? ""
        let signature = first.prefix { $0 != "{" && $0 != "=" }.trimmingCharacters(in: .whitespaces)
        return declaration(
          Array(item[..<code]) + [line] + member + ["}"], key: head + " / " + signature,
          names: memberNames(member[...]))
      }
    case "func": return [declaration(item, key: head, names: [name])]
    case "let", "var": return [declaration(item, key: "global " + name, names: [name])]
    default: return [declaration(item, key: "type " + name, names: [name])]
    }
  }

  static func declaration(_ lines: [String], key: String, names: Set<String>) -> Declaration {
    let code = lines.filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(
      separator: "\n")
    return Declaration(
      text: lines.joined(separator: "\n"), key: key, names: names, refs: references(code).subtracting(names),
      code: code)
  }

  /// An extension's body cut at its members: each begins at a line indented four spaces
  /// (with the comments just above it).
  static func members(_ body: ArraySlice<String>) -> [[String]] {
    var members: [[String]] = []
    var comments: [String] = []
    for line in body {
      let member = line.hasPrefix("    ") && !line.hasPrefix("     ")
      let text = line.trimmingCharacters(in: .whitespaces)
      if member && text.hasPrefix("//") || text.isEmpty && !comments.isEmpty {
        comments.append(line)
      } else if member && !["}", ")", "]", ".", "#"].contains(where: { text.hasPrefix($0) })
        || members.isEmpty
      {
        members.append(comments + [line])
        comments = []
      } else {
        members[members.count - 1] += comments + [line]
        comments = []
      }
    }
    if !comments.isEmpty, !members.isEmpty { members[members.count - 1] += comments }
    return members
  }

  /// The names an extension's members declare (those indented four spaces).
  static func memberNames(_ body: ArraySlice<String>) -> Set<String> {
    var names: Set<String> = []
    for line in body where line.hasPrefix("    ") && !line.hasPrefix("     ") {
      guard let keyword = ProgramFile.declarationStart(line) else { continue }
      let word = line[keyword...].prefix { $0.isLetter }
      let name = line[keyword...].dropFirst(word.count).drop { $0 == " " }
        .prefix { $0.isLetter || $0.isNumber || $0 == "_" }
      if !name.isEmpty { names.insert(String(name)) }
    }
    return names
  }

  /// The names `code` may refer to: every identifier in it.
  static func references(_ code: String) -> Set<String> {
    var names: Set<String> = []
    var name = ""
    for character in code {
      if character.isLetter || character == "_" || (character.isNumber && !name.isEmpty) {
        name.append(character)
      } else if !name.isEmpty {
        names.insert(name)
        name = ""
      }
    }
    if !name.isEmpty { names.insert(name) }
    return names
  }
}
