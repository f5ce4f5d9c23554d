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
    guard let index = index(of: key, in: record) else { return nil }
    return record.values[index]
  }

  /// The int of `key` in `record`, read where it stands; nil when it has no such field or
  /// the field holds no int.
  @inline(__always) func int(of key: String, in record: Record) -> Int? {
    guard let index = index(of: key, in: record) else { return nil }
    return record.storage.withUnsafeMutablePointerToElements {
      if case .int(let int) = $0[index] { return int }
      return nil
    }
  }

  /// The index of `key` in `record`'s shape: the one remembered when the record has the
  /// shape remembered, else found in its shape and remembered.
  @inline(__always) private func index(of key: String, in record: Record) -> Int? {
    let remembered = remembered.load(ordering: .relaxed)
    if remembered >> Self.indexBits == record.storage.shapeNumber { return remembered & Self.indexMask }
    let shape = record.shape
    guard let found = shape.index(of: key) else { return nil }
    if found <= Self.indexMask, shape.number < Int.max >> Self.indexBits {
      self.remembered.store(shape.number << Self.indexBits | found, ordering: .relaxed)
    }
    return found
  }
}
