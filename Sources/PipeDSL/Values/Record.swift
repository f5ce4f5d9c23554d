/// A record: named fields in the order they were given.
///
/// The order is kept for display (`{city: "Oslo", temp: 21.5}` stays in that order), but two
/// records are equal when they hold the same fields with equal values, in any order.
public struct Record: Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
  public struct Field: Hashable, Sendable {
    public var key: String
    public var value: Value

    public init(_ key: String, _ value: Value) {
      self.key = key
      self.value = value
    }
  }

  public private(set) var fields: [Field] = []

  public init() {}

  /// Fields in order; a repeated key keeps its first place and takes the last value.
  public init(_ pairs: some Sequence<(String, Value)>) {
    for (key, value) in pairs { self[key] = value }
  }

  public init(dictionaryLiteral elements: (String, Value)...) { self.init(elements) }

  /// Fields already known to have unique keys (a parsed JSON object's): no look-ups, so a
  /// large record is built in linear time.
  init(uniqueFields: [Field]) { fields = uniqueFields }

  public var count: Int { fields.count }
  public var isEmpty: Bool { fields.isEmpty }
  public var keys: [String] { fields.map(\.key) }

  /// The value of `key`; setting nil removes the field, setting a new key appends it.
  public subscript(key: String) -> Value? {
    get { fields.first { $0.key == key }?.value }
    set {
      let index = fields.firstIndex { $0.key == key }
      switch (index, newValue) {
      case (let index?, let value?): fields[index].value = value
      case (let index?, nil): fields.remove(at: index)
      case (nil, let value?): fields.append(Field(key, value))
      case (nil, nil): break
      }
    }
  }

  public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

  public static func == (lhs: Record, rhs: Record) -> Bool {
    lhs.count == rhs.count && lhs.fields.allSatisfy { rhs[$0.key] == $0.value }
  }

  /// Independent of field order, to agree with `==`.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    hasher.combine(fields.reduce(0) { $0 ^ $1.hashValue })
  }
}
