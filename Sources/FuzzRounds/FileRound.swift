import PipeDSL
import PipeFiles

/// The bytes of a file pipe keeps, read and written back as its store does, and the
/// invariants that must hold: what was read writes back to bytes that read the same, and
/// the cache's merge keeps its limits and its order.
enum FileRound {
  /// settings.json: a JSON object of settings reads back unchanged once written.
  static func settings(_ bytes: [UInt8]) -> [String] {
    guard let values = SettingsFormat.decode(bytes) else { return [] }
    let written = SettingsFormat.encode(values)
    guard let again = SettingsFormat.decode(written) else {
      return ["settings written from a file do not read back: \(String(decoding: written, as: UTF8.self))"]
    }
    if again != values { return ["settings read back differently"] }
    if SettingsFormat.encode(again) != written { return ["settings are written differently the second time"] }
    return []
  }

  /// cache.json: read, written back, and merged with some of its own entries under small limits.
  static func cache(_ bytes: [UInt8]) -> [String] {
    let entries: [CacheFormat.Entry]
    do {
      entries = try CacheFormat.decode(bytes)
    } catch {
      let reason = error.description
      if reason.count > 300 { return ["a problem of \(reason.count) characters: \(reason.prefix(200))…"] }
      return reason.isEmpty || reason.first!.isUppercase
        ? ["the problem '\(reason)' is empty or capitalised"] : []
    }
    let written = CacheFormat.encode(entries)
    guard let again = try? CacheFormat.decode(written) else {
      return ["a cache written from a file does not read back"]
    }
    if !same(again, entries) { return ["a cache reads back differently"] }
    return mergeProblems(entries, limits: .init(entries: 1 + bytes.count % 7, bytes: 10 * bytes.count / 3))
  }

  /// The first half of the entries used again: they end the file, the limits hold, and only
  /// the least recently used go.
  private static func mergeProblems(_ entries: [CacheFormat.Entry], limits: ValueCache.Limits) -> [String] {
    let used = Array(entries.prefix(entries.count / 2))
    let merged = Array(CacheFormat.merged(entries, using: used, limits: limits))
    var problems: [String] = []
    if merged.count > limits.entries {
      problems.append("the merge kept \(merged.count) entries, over \(limits.entries)")
    }
    let size = merged.reduce(0) { $0 + ValueCache.size(key: $1.key, value: $1.value) }
    if size > limits.bytes { problems.append("the merge kept \(size) bytes, over \(limits.bytes)") }
    let order = Array(entries.dropFirst(used.count)) + used
    if !same(merged, Array(order.suffix(merged.count))) {
      problems.append("the merge did not keep the most recently used entries in order")
    }
    return problems
  }

  private static func same(_ a: [CacheFormat.Entry], _ b: [CacheFormat.Entry]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
  }

  /// The history file: every entry read, written back as a compaction writes it, reads back
  /// the same (entries that read as empty are not kept: they were never typed).
  static func history(_ bytes: [UInt8]) -> [String] {
    let entries = HistoryFormat.lines(bytes)
    let written = Array(entries.map { HistoryFormat.encode($0) + "\n" }.joined().utf8)
    let again = HistoryFormat.lines(written)
    if again != entries.filter({ !$0.isEmpty }) {
      return ["the history reads back differently once rewritten"]
    }
    for entry in entries where HistoryFormat.encode(entry).contains("\n") {
      return ["an entry is written over more than one line: \(entry.debugDescription)"]
    }
    return []
  }
}
