/// A library pipe's users arrive from.
public enum Library: String, CaseIterable, Hashable, Sendable {
  case rxSwift = "RxSwift"
  case combine = "Combine"
  case rxJS = "RxJS"
}

/// One of pipe's stages and how RxSwift 6, Combine and RxJS 7 write it.
///
/// `Translation.all` is the one table behind the names pipe takes from those libraries (an
/// alias that works with a one-line warning, or a message that says what pipe calls it),
/// `:help NAME`, the mapping tables of docs/COOKBOOK.md (`make docs`), and code export.
///
///     Translation.named("switchMap")?.translation.entry      // "flatMapLatest"
///     Translation.all.first { $0.entry == "distinct" }?.names(in: .combine)  // ["removeDuplicates"]
public struct Translation: Sendable {
  /// The COOKBOOK table a row stands in.
  public enum Section: String, CaseIterable, Sendable {
    case sources = "Sources"
    case operators = "Operators"
    case errors = "Error handling"
    case sinks = "Sinks and tests"
  }

  /// A library's column: the Markdown shown in docs/COOKBOOK.md and the names in it that
  /// pipe recognises. A name is a stage name (`distinctUntilChanged`) or a stage name with
  /// the label that tells it apart (`do(onError:)`).
  public struct Cell: Sendable {
    public var markdown: String
    public var names: [String]
    public init(_ markdown: String, names: [String]) {
      self.markdown = markdown
      self.names = names
    }
  }

  public var section: Section
  /// How pipe writes it, as shown: `` `take 3` ``.
  public var pipe: String
  /// The catalogue entry it is, if it is one stage: `take`.
  public var entry: String?
  public var cells: [Library: Cell]
  /// Polly's or resilience4j's name, for the error-handling table only.
  public var polly: String?
  /// The foreign names that pipe accepts as they are, with a warning; every other foreign
  /// name of the row is refused with a message that shows how pipe writes it.
  public var aliases: Set<String>

  /// The names of the row in one library, the usual one first.
  public func names(in library: Library) -> [String] { cells[library]?.names ?? [] }

  /// How pipe writes it, without Markdown: `tap log`.
  public var pipeText: String {
    let parts = pipe.split(separator: "`", omittingEmptySubsequences: false)
    return parts.count > 1 ? String(parts[1]) : pipe
  }
}

/// What a foreign name is in pipe.
public struct ForeignName: Sendable {
  public var name: String
  public var library: Library
  public var translation: Translation
  /// Whether pipe accepts it as an alias of `translation.entry`.
  public var isAlias: Bool { translation.aliases.contains(name) }
  /// `RxSwift's`, or `RxSwift's and RxJS's` when they share the name.
  public var owner: String {
    Library.allCases.filter { translation.names(in: $0).contains(name) }.map { $0.rawValue + "'s" }
      .joined(separator: " and ")
  }
  /// The stage name part: `do` for `do(onError:)`.
  public var stageName: String { String(name.prefix { $0 != "(" }) }
  /// The label that tells it apart, if any: `onError` for `do(onError:)`.
  public var label: String? {
    guard let open = name.firstIndex(of: "(") else { return nil }
    return String(name[name.index(after: open)...].prefix { $0 != ":" })
  }
}

extension Translation {
  /// Every foreign name that is not also pipe's own, with the first row that gives it.
  public static let foreignNames: [String: ForeignName] = {
    var names: [String: ForeignName] = [:]
    let own = pipeNames
    for row in all {
      for library in Library.allCases {
        for name in row.names(in: library) where names[name] == nil && !own.contains(name) {
          names[name] = ForeignName(name: name, library: library, translation: row)
        }
      }
    }
    return names
  }()

  /// pipe's own stage names that the libraries share (`map`, `retry`): not foreign.
  static var pipeNames: Set<String> {
    Set(Catalogue.standardEntries.map(\.name) + all.compactMap(\.entry))
  }

  /// A stage name as another library writes it, with the label that follows it if any:
  /// `do` with `onError` finds `do(onError:)`.
  public static func named(_ name: String, label: String? = nil) -> ForeignName? {
    if let label, let labeled = foreignNames["\(name)(\(label):)"] { return labeled }
    return foreignNames[name]
      ?? foreignNames.values.filter { $0.stageName == name }.min { $0.name < $1.name }
  }

  /// The aliases pipe accepts: foreign name → catalogue entry.
  public static var aliases: [String: String] {
    var aliases: [String: String] = [:]
    for (name, foreign) in foreignNames where foreign.isAlias {
      if let entry = foreign.translation.entry { aliases[name] = entry }
    }
    return aliases
  }

  /// The rows of one catalogue entry.
  public static func rows(for entry: String) -> [Translation] { all.filter { $0.entry == entry } }
}

extension Translation {
  /// `RxSwift flatMapLatest · Combine switchToLatest · RxJS switchMap`: an entry's names in
  /// the other libraries, for `:help` and docs/OPERATORS.md; nil when the table has none.
  public static func elsewhere(_ entry: String, code: (String) -> String = { $0 }) -> String? {
    let rows = rows(for: entry)
    let parts = Library.allCases.compactMap { library -> String? in
      var names: [String] = []
      for name in rows.flatMap({ $0.names(in: library) }) where !names.contains(name) { names.append(name) }
      return names.isEmpty ? nil : library.rawValue + " " + names.map(code).joined(separator: ", ")
    }
    return parts.isEmpty ? nil : parts.joined(separator: " · ")
  }

  /// The foreign names pipe takes for `entry`, sorted: `["mergeMap"]` for `flatMap`.
  public static func aliases(of entry: String) -> [String] {
    aliases.filter { $0.value == entry }.map(\.key).sorted()
  }

  /// What `:help NAME` says first for another library's name:
  /// `'switchMap' is RxJS's name for 'flatMapLatest' (accepted with a warning)`.
  public static func helpNote(_ name: String) -> String? {
    guard let foreign = named(name) else { return nil }
    let (owner, pipe) = (foreign.owner, foreign.translation.pipeText)
    return foreign.isAlias
      ? "'\(name)' is \(owner) name for '\(pipe.split(separator: " ")[0])' (accepted with a warning)"
      : "'\(name)' is \(owner) name; pipe calls this '\(pipe)'"
  }
}
