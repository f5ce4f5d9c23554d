/// Every operator, source, sink and strategy the language knows, by name.
///
/// Built-in entries come from the family files (`Catalogue+Sources.swift`, ...); plugin
/// sources join through `ExternalSources`.
public struct Catalogue: Sendable {
  public private(set) var entries: [String: CatalogueEntry] = [:]
  /// A name from RxSwift, Combine or RxJS that pipe accepts with a warning → pipe's name
  /// (`switchMap` → `flatMapLatest`), from `Translation.all`.
  public private(set) var aliases: [String: String] = Translation.aliases
  public private(set) var strategies: [String: StrategyEntry] = [:]

  public init(entries: [CatalogueEntry], strategies: [StrategyEntry]) {
    for entry in entries { add(entry) }
    for strategy in strategies { self.strategies[strategy.name] = strategy }
  }

  /// Every built-in entry of the language.
  public static var standard: Catalogue {
    Catalogue(entries: standardEntries, strategies: StrategyCatalogue.all)
  }

  /// The language's own entries, without the drawing sinks and plugins.
  static var standardEntries: [CatalogueEntry] {
    sourceEntries + transformEntries + combineEntries + errorEntries + sinkEntries + fleetEntries
  }

  public mutating func add(_ entry: CatalogueEntry) {
    entries[entry.name] = entry
  }

  /// The entry for a name, and whether it was reached by an old name.
  public func lookup(_ name: String) -> (entry: CatalogueEntry, viaAlias: Bool)? {
    if let entry = entries[name] { return (entry, false) }
    if let target = aliases[name], let entry = entries[target] { return (entry, true) }
    return nil
  }

  /// Entries of one role, sorted by name.
  public func entries(role: CatalogueEntry.Role) -> [CatalogueEntry] {
    entries.values.filter { $0.role == role }.sorted { $0.name < $1.name }
  }

  /// All names, for "did you mean" and completion.
  public var names: [String] { entries.keys.sorted() }
}
