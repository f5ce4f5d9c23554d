/// A record: named fields in the order they were given.
///
/// The order is kept for display (`{city: "Oslo", temp: 21.5}` stays in that order), but two
/// records are equal when they hold the same fields with equal values, in any order.
///
/// A record is its shape (its keys, in order, shared by every record of that sequence of keys:
/// `RecordShape`) and its values, one for each key.
public struct Record: Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
  public struct Field: Hashable, Sendable {
    public var key: String
    public var value: Value

    public init(_ key: String, _ value: Value) {
      self.key = key
      self.value = value
    }
  }

  /// The keys, in order.
  public private(set) var shape: RecordShape
  /// The values, in the order of the shape's keys.
  public private(set) var values: [Value]

  public init() {
    shape = .empty
    values = []
  }

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

  /// A record of `shape` and one value for each of its keys.
  public init(shape: RecordShape, values: [Value]) {
    precondition(shape.count == values.count, "a record has one value for each key of its shape")
    self.shape = shape
    self.values = values
  }

  public var count: Int { values.count }
  public var isEmpty: Bool { values.isEmpty }
  public var keys: [String] { shape.keys }
  /// The fields in order (made for the asking: iterating the record itself makes no array).
  public var fields: [Field] { Array(self) }

  /// The value of `key`; setting nil removes the field, setting a new key appends it.
  public subscript(key: String) -> Value? {
    get { shape.index(of: key).map { values[$0] } }
    set {
      switch (shape.index(of: key), newValue) {
      case (let index?, let value?): values[index] = value
      case (let index?, nil):
        shape = shape.removing(at: index)
        values.remove(at: index)
      case (nil, let value?):
        shape = shape.adding(key)
        values.append(value)
      case (nil, nil): break
      }
    }
  }

  /// The fields in order.
  public struct Iterator: IteratorProtocol {
    let keys: [String]
    let values: [Value]
    var index = 0

    public mutating func next() -> Field? {
      guard index < values.count else { return nil }
      defer { index += 1 }
      return Field(keys[index], values[index])
    }
  }

  public func makeIterator() -> Iterator { Iterator(keys: shape.keys, values: values) }

  public var underestimatedCount: Int { values.count }

  /// Records of one shape compare their values in order; others look each key up.
  public static func == (lhs: Record, rhs: Record) -> Bool {
    if lhs.shape === rhs.shape { return lhs.values == rhs.values }
    return lhs.count == rhs.count && lhs.allSatisfy { rhs[$0.key] == $0.value }
  }

  /// Independent of field order, to agree with `==`.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    hasher.combine(reduce(0) { $0 ^ $1.hashValue })
  }
}
