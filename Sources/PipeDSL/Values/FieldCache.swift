import Synchronization

/// Where one field read of an expression (`.b`) remembers the index its key had in the last
/// record it read. The records one literal makes (`[a: ., b: . * 2]`) share their keys, in
/// the literal's order, so the next one has the key at that index: checking that key (the
/// same string, compared by its bits) replaces the search by key. A record whose key is
/// elsewhere (another literal's, JSON's, one a field was added to or removed from) is
/// searched as before, and its index remembered. One word, so that a read from any thread
/// sees an index some read stored; a record's keys are all different, so the key found at
/// an index is the field.
final class FieldCache: Sendable {
  private let index = Atomic<Int>(0)

  init() {}

  /// The value of `key` in `record`, or nil when it has no such field.
  @inline(__always) func value(of key: String, in record: Record) -> Value? {
    let fields = record.fields
    let guess = index.load(ordering: .relaxed)
    if guess < fields.count, fields[guess].key == key { return fields[guess].value }
    guard let found = fields.firstIndex(where: { $0.key == key }) else { return nil }
    index.store(found, ordering: .relaxed)
    return fields[found].value
  }
}
