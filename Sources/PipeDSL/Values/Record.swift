/// A record: named fields in the order they were given.
///
/// The order is kept for display (`{city: "Oslo", temp: 21.5}` stays in that order), but two
/// records are equal when they hold the same fields with equal values, in any order.
///
/// A record is its shape (its keys, in order, shared by every record of that sequence of keys:
/// `RecordShape`) and its values, one for each key, held together in one allocation
/// (`RecordStorage`): making a record allocates once, and copying one retains once.
public struct Record: Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
  public struct Field: Hashable, Sendable {
    public var key: String
    public var value: Value

    public init(_ key: String, _ value: Value) {
      self.key = key
      self.value = value
    }
  }

  /// Shared between threads as an array's storage is: changed only while one record alone
  /// holds it.
  nonisolated(unsafe) private(set) var storage: RecordStorage

  public init() { storage = RecordStorage.empty }

  /// Fields in order; a repeated key keeps its first place and takes the last value. Keys are
  /// searched one by one while they are few, then through a dictionary, so a large record is
  /// built in linear time.
  public init(_ pairs: some Sequence<(String, Value)>) {
    var keys: [String] = []
    var values: [Value] = []
    var indices: [String: Int] = [:]
    for (key, value) in pairs {
      if let index = keys.count <= 16 ? keys.firstIndex(of: key) : indices[key] {
        values[index] = value
        continue
      }
      keys.append(key)
      values.append(value)
      if keys.count == 17 {
        indices = Dictionary(keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
      } else if keys.count > 17 {
        indices[key] = keys.count - 1
      }
    }
    self.init(shape: .of(keys), values: values)
  }

  public init(dictionaryLiteral elements: (String, Value)...) { self.init(elements) }

  /// A record of `shape` and one value for each of its keys, in order.
  public init(shape: RecordShape, values: some Collection<Value>) {
    precondition(shape.count == values.count, "a record has one value for each key of its shape")
    storage = RecordStorage.make(shape) { $0.initialize(fromContentsOf: values) }
  }

  /// The record of `storage`, whose values are (or are about to be) all written.
  @inline(__always)
  init(storage: RecordStorage) { self.storage = storage }

  /// The keys, in order.
  public var shape: RecordShape { storage.withUnsafeMutablePointerToHeader { $0.pointee.shape } }
  /// The values, in the order of the shape's keys.
  public var values: Values { Values(storage: storage) }
  public var count: Int { storage.count }
  public var isEmpty: Bool { count == 0 }
  public var keys: [String] { shape.keys }
  /// The fields in order (made for the asking: iterating the record itself makes no array).
  public var fields: [Field] { Array(self) }

  /// The value of `key`; setting nil removes the field, setting a new key appends it.
  public subscript(key: String) -> Value? {
    get { shape.index(of: key).map { values[$0] } }
    set {
      let shape = shape
      switch (shape.index(of: key), newValue) {
      case (let index?, let value?):
        if !isKnownUniquelyReferenced(&storage) {
          storage = RecordStorage.make(shape) { $0.initialize(fromContentsOf: values) }
        }
        storage.withUnsafeMutablePointerToElements { $0[index] = value }
      case (let index?, nil):
        let values = values
        storage = RecordStorage.make(shape.removing(at: index)) { buffer in
          _ = buffer[..<index].initialize(fromContentsOf: values[..<index])
          _ = buffer[index...].initialize(fromContentsOf: values[(index + 1)...])
        }
      case (nil, let value?):
        let values = values
        storage = RecordStorage.make(shape.adding(key)) { buffer in
          _ = buffer[..<values.count].initialize(fromContentsOf: values)
          (buffer.baseAddress! + values.count).initialize(to: value)
        }
      case (nil, nil): break
      }
    }
  }

  /// The values of a record, in the order of its keys.
  public struct Values: RandomAccessCollection, Sendable {
    nonisolated(unsafe) let storage: RecordStorage

    public var startIndex: Int { 0 }
    public var endIndex: Int { storage.count }

    public subscript(index: Int) -> Value {
      precondition(index >= 0 && index < endIndex, "a record's value out of its range")
      return storage.withUnsafeMutablePointerToElements { $0[index] }
    }

    /// The address that names the record's storage while it lives.
    var address: UnsafeRawPointer { UnsafeRawPointer(Unmanaged.passUnretained(storage).toOpaque()) }
  }

  /// The fields in order.
  public struct Iterator: IteratorProtocol {
    let keys: [String]
    let values: Values
    var index = 0

    public mutating func next() -> Field? {
      guard index < values.endIndex else { return nil }
      defer { index += 1 }
      return Field(keys[index], values[index])
    }
  }

  public func makeIterator() -> Iterator { Iterator(keys: shape.keys, values: values) }

  public var underestimatedCount: Int { count }

  /// Records of one shape compare their values in order; others look each key up.
  public static func == (lhs: Record, rhs: Record) -> Bool {
    if lhs.shape === rhs.shape { return lhs.values.elementsEqual(rhs.values) }
    return lhs.count == rhs.count && lhs.allSatisfy { rhs[$0.key] == $0.value }
  }

  /// Independent of field order, to agree with `==`.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    hasher.combine(reduce(0) { $0 ^ $1.hashValue })
  }
}

/// One record's shape and values in one allocation: the shape as the header, then one value
/// for each of its keys. A record changes it in place only while it alone holds it (as an
/// array does its storage), which is what makes sharing it between threads safe.
final class RecordStorage: ManagedBuffer<RecordStorage.Header, Value> {
  /// The shape, and what a read asks of it, kept here so that reading it retains nothing.
  struct Header {
    /// Held by the storage (retained when made, released at its end) unless it is
    /// interned, when the table holds it: making and ending a record then retains nothing.
    unowned(unsafe) let shape: RecordShape
    let number: Int
    let count: Int
  }

  /// The number of values.
  @inline(__always) var count: Int { withUnsafeMutablePointerToHeader { $0.pointee.count } }
  /// The shape's number (`RecordShape.number`).
  @inline(__always) var shapeNumber: Int { withUnsafeMutablePointerToHeader { $0.pointee.number } }

  nonisolated(unsafe) static let empty = make(.empty) { _ in }

  /// Storage for `shape`'s values, which `initialize` writes, all of them.
  @inline(__always)
  static func make(_ shape: RecordShape, _ initialize: (UnsafeMutableBufferPointer<Value>) -> Void)
    -> RecordStorage
  {
    if !shape.interned { _ = Unmanaged.passUnretained(shape).retain() }
    let storage = unsafeDowncast(
      create(minimumCapacity: shape.count) { _ in
        Header(shape: shape, number: shape.number, count: shape.count)
      }, to: RecordStorage.self)
    storage.withUnsafeMutablePointerToElements {
      initialize(UnsafeMutableBufferPointer(start: $0, count: shape.count))
    }
    return storage
  }

  deinit {
    withUnsafeMutablePointers { header, values in
      // Each value moved out and ended as a `Value` (a switch and at most one release), not
      // through `deinitialize(count:)`, which is the runtime's generic array destroy: a
      // call of the type's witness per value.
      for index in 0..<header.pointee.count { _ = (values + index).move() }
      if !header.pointee.shape.interned { Unmanaged.passUnretained(header.pointee.shape).release() }
    }
  }
}
