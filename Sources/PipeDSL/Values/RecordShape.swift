import Synchronization

/// The field names of a record, in order: what records of one origin share, like a
/// JavaScript engine's hidden class. A record is its shape and its values (`Record`), so that
/// making one allocates only its values, and a field read (`FieldCache`) that has seen a shape
/// finds its field by the shape's number and an index, without comparing a key.
///
/// Shapes are interned (`RecordShape.of`): one per sequence of keys, so that the records of a
/// literal (`[a: ., b: . * 2]`), of a JSON answer's objects, and of a record a field was set
/// on the same way share theirs. The table is bounded (`maxInterned` shapes of at most
/// `maxInternedKeys` keys and `maxInternedBytes` bytes of keys, as untrusted JSON can make
/// any number of shapes); a shape beyond it is made afresh and shared by no one else, which
/// changes only how fast a read finds its field. Keys are all different.
public final class RecordShape: Sendable {
  /// The field names, in order.
  public let keys: [String]
  /// A number no other shape has, for as long as the process runs (never 0): what a read site
  /// remembers a shape by, as a pointer could be taken by a shape made after this one ended.
  let number: Int
  /// Each key's index, for a shape with more keys than a search through them pays for.
  private let indices: [String: Int]?
  /// Whether the table holds the shape, for as long as the process runs: its records then
  /// need not hold it (`RecordStorage`).
  let interned: Bool

  private static let counter = Atomic<Int>(0)
  private static let table = Mutex<[[String]: RecordShape]>([:])
  static let maxInterned = 4096
  static let maxInternedKeys = 64
  static let maxInternedBytes = 1024
  private static let searchedKeys = 8

  /// The shape with no fields.
  public static let empty = RecordShape.of([])

  private init(_ keys: [String], interned: Bool) {
    self.keys = keys
    self.interned = interned
    number = Self.counter.add(1, ordering: .relaxed).newValue
    indices =
      keys.count > Self.searchedKeys
      ? Dictionary(keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first }) : nil
  }

  /// The shape of `keys` (all different), the one already made when the table holds it.
  public static func of(_ keys: [String]) -> RecordShape {
    guard keys.count <= maxInternedKeys, keys.reduce(0, { $0 + $1.utf8.count }) <= maxInternedBytes else {
      return RecordShape(keys, interned: false)
    }
    return table.withLock { table in
      if let shape = table[keys] { return shape }
      let shape = RecordShape(keys, interned: table.count < maxInterned)
      if shape.interned { table[keys] = shape }
      return shape
    }
  }

  public var count: Int { keys.count }

  /// The index of `key`, or nil when the shape has no such field.
  @inline(__always) public func index(of key: String) -> Int? {
    if let indices { return indices[key] }
    return keys.firstIndex(of: key)
  }

  /// The shape with `key` added at the end.
  func adding(_ key: String) -> RecordShape { .of(keys + [key]) }

  /// The shape without the key at `index`.
  func removing(at index: Int) -> RecordShape {
    var keys = keys
    keys.remove(at: index)
    return .of(keys)
  }
}
