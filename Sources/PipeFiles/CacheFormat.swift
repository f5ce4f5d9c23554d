import PipeDSL

/// What `cache.json` holds: one JSON object from key (`weather("London")`) to value, least
/// recently used first, within `ValueCache.Limits`.
///
///     try CacheFormat.decode(Array(#"{"weather(\"Oslo\")":{"temp":3}}"#.utf8))
///     // [(key: "weather(\"Oslo\")", value: [temp: 3])]
///
/// Only the bytes and the order: reading, locking and renaming the file is `CacheFile`'s.
public enum CacheFormat {
  public typealias Entry = (key: String, value: Value)

  /// The entries of a cache file, in its order; a `Problem` when it is not a JSON object.
  public static func decode(_ bytes: [UInt8]) throws(Problem) -> [Entry] {
    let value: Value
    do {
      value = try Value(jsonBytes: bytes)
    } catch {
      throw Problem("is not valid JSON (\(error))")
    }
    guard case .record(let record) = value else { throw Problem("is not a JSON object") }
    return record.fields.map { ($0.key, $0.value) }
  }

  /// The file's bytes for `entries`, in their order, with a final newline.
  public static func encode(_ entries: some Collection<Entry>) -> [UInt8] {
    Value.record(Record(entries.map { ($0.key, $0.value) })).json.encoded() + [0x0A]
  }

  /// `used` made the most recently used entries of `previous`, then the least recently used
  /// dropped until `limits` hold (entries, and bytes as `ValueCache.size` counts them).
  public static func merged(
    _ previous: [Entry], using used: [Entry], limits: ValueCache.Limits
  ) -> ArraySlice<Entry> {
    let keys = Set(used.map(\.key))
    let kept = previous.filter { !keys.contains($0.key) } + used
    let sizes = kept.map { ValueCache.size(key: $0.key, value: $0.value) }
    var first = max(0, kept.count - limits.entries)
    var total = sizes[first...].reduce(0, +)
    while total > limits.bytes, first < kept.count {
      total -= sizes[first]
      first += 1
    }
    return kept[first...]
  }

  /// Why a cache file cannot be used: `is not a JSON object`.
  public struct Problem: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
  }
}
