import Synchronization

/// Where one field read of an expression (`.b`) remembers where its key was in the last
/// record it read: that record's shape (by its number, `RecordShape.number`) and the key's
/// index. Records of one shape (a literal's, a JSON source's answers) have the key at that
/// index, so a read is a compare of numbers and an index; a record of another shape is
/// searched through its shape, and that shape remembered. One word (the number above the
/// index), so that a read from any thread sees a pair some read stored.
final class FieldCache: Sendable {
  private let remembered = Atomic<Int>(0)
  private static let indexBits = 16
  private static let indexMask = (1 << indexBits) - 1

  init() {}

  /// The value of `key` in `record`, or nil when it has no such field.
  @inline(__always) func value(of key: String, in record: Record) -> Value? {
    let values = record.values
    let remembered = remembered.load(ordering: .relaxed)
    if remembered >> Self.indexBits == values.storage.shapeNumber {
      return values[remembered & Self.indexMask]
    }
    let shape = record.shape
    guard let found = shape.index(of: key) else { return nil }
    if found <= Self.indexMask, shape.number < Int.max >> Self.indexBits {
      self.remembered.store(shape.number << Self.indexBits | found, ordering: .relaxed)
    }
    return values[found]
  }
}
