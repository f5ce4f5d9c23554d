/// The last good value of every (source, arguments), for `catch cache`, least recently used
/// out when it holds more than `limits` allow.
///
/// A cache kept in a file (the command line's) loads that file only when a value is first
/// looked up (`loader`), and its keeper writes the entries used since the last write
/// (`takeUsed()`) once per statement, not once per store.
public final class ValueCache {
  /// How much a cache keeps: entries and bytes (of JSON, keys included).
  public struct Limits: Sendable, Equatable {
    public var entries: Int
    public var bytes: Int

    public init(entries: Int, bytes: Int) {
      self.entries = entries
      self.bytes = bytes
    }

    /// 1,000 entries and 1 MiB, as docs/LANGUAGE.md says.
    public static let standard = Limits(entries: 1000, bytes: 1 << 20)
  }

  private struct Entry {
    var value: Value
    var size: Int
    var used: Int
  }

  public let limits: Limits
  private var entries: [String: Entry] = [:]
  private var bytes = 0
  private var clock = 0
  /// The keys used since the last `takeUsed()`.
  private var used: Set<String> = []
  private var loader: (() -> [(key: String, value: Value)])?
  /// Writes the entries `takeUsed()` hands over (set by whoever keeps the cache in a file).
  public var keeper: (([(key: String, value: Value)]) -> Void)?

  /// A cache holding `values`, or, with a `loader`, what it returns when first needed.
  public init(
    values: [String: Value] = [:], limits: Limits = .standard,
    loader: (() -> [(key: String, value: Value)])? = nil
  ) {
    self.limits = limits
    self.loader = loader
    for key in values.keys.sorted() { insert(values[key]!, for: key) }
  }

  /// Keeps `value` as the last good one for `key`; a value larger than the whole cache may
  /// hold is not kept.
  public func store(_ value: Value, for key: String) {
    insert(value, for: key)
    if entries[key] != nil { used.insert(key) }
  }

  /// The value kept for `key`, now the most recently used.
  public func value(for key: String) -> Value? {
    load()
    guard var entry = entries[key] else { return nil }
    clock += 1
    entry.used = clock
    entries[key] = entry
    used.insert(key)
    return entry.value
  }

  /// Every value kept.
  public var all: [String: Value] {
    load()
    return entries.mapValues(\.value)
  }

  /// The entries stored or looked up since the last call, least recently used first; what a
  /// keeper merges into its file.
  public func takeUsed() -> [(key: String, value: Value)] {
    defer { used = [] }
    return used.compactMap { key in entries[key].map { (key, $0) } }
      .sorted { $0.1.used < $1.1.used }.map { ($0.0, $0.1.value) }
  }

  /// Takes the loader's entries (oldest first) under the ones stored before it ran.
  private func load() {
    guard let loader else { return }
    self.loader = nil
    let stored = entries.sorted { $0.value.used < $1.value.used }
    entries = [:]
    bytes = 0
    for (key, value) in loader().suffix(limits.entries) { insert(value, for: key) }
    for (key, entry) in stored { insert(entry.value, for: key) }
  }

  private func insert(_ value: Value, for key: String) {
    let size = ValueCache.size(key: key, value: value)
    if let old = entries.removeValue(forKey: key) { bytes -= old.size }
    guard size <= limits.bytes else { return }
    clock += 1
    entries[key] = Entry(value: value, size: size, used: clock)
    bytes += size
    while entries.count > limits.entries || bytes > limits.bytes { evictOldest() }
  }

  private func evictOldest() {
    guard let oldest = entries.min(by: { $0.value.used < $1.value.used }) else { return }
    entries.removeValue(forKey: oldest.key)
    bytes -= oldest.value.size
    used.remove(oldest.key)
  }

  /// An entry's share of the bytes: its key and value as one member of a JSON object.
  public static func size(key: String, value: Value) -> Int {
    key.utf8.count + value.json.encoded().count + 4
  }

  /// The key of a source called with arguments: `weather("London")`.
  public static func key(source: String, arguments: [Value]) -> String {
    "\(source)(\(arguments.map(\.literal).joined(separator: ", ")))"
  }

  /// The key of a source called with named arguments, `positions` being its parameters in
  /// order: those given from the first parameter on without a gap are written bare, so
  /// `roll(3)` and `roll(count: 3)` share the key `roll(3)`; the rest are labeled.
  public static func key(
    source: String, arguments: [(name: String, value: Value)], positions: [String]
  ) -> String {
    var parts: [String] = []
    var bare = true
    for (index, argument) in arguments.enumerated() {
      bare = bare && positions.indices.contains(index) && positions[index] == argument.name
      parts.append(bare ? argument.value.literal : "\(argument.name): \(argument.value.literal)")
    }
    return "\(source)(\(parts.joined(separator: ", ")))"
  }
}
