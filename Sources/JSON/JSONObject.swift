/// A JSON object whose members keep the order they were written or inserted in.
///
/// Look-up is linear: protocol objects are small (a record, a few arguments, a plugin's settings).
/// Two objects are equal when they have the same members, whatever their order.
///
/// ```swift
/// var args: JSONObject = ["city": "Oslo"]
/// args["units"] = "metric"
/// args.keys   // ["city", "units"]
/// ```
public struct JSONObject: Sendable, Hashable, ExpressibleByDictionaryLiteral {
  /// One `key: value` member.
  public struct Member: Sendable, Hashable {
    public var key: String
    public var value: JSONValue

    public init(key: String, value: JSONValue) {
      self.key = key
      self.value = value
    }
  }

  /// The members in order. Keys are unique.
  public private(set) var members: [Member]

  /// An object with these members; a later member replaces an earlier one with the same key.
  public init(_ members: [Member] = []) {
    self.members = []
    self.members.reserveCapacity(members.count)
    for member in members { self[member.key] = member.value }
  }

  /// An object from members already known to have unique keys (the parser checks them; a
  /// record's fields are unique): no look-ups, so a large object is built in linear time.
  public init(uniqueMembers: [Member]) {
    self.members = uniqueMembers
  }

  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self.init(elements.map { Member(key: $0.0, value: $0.1) })
  }

  /// The keys in order.
  public var keys: [String] { members.map(\.key) }

  /// The number of members.
  public var count: Int { members.count }

  /// Whether the object has no members.
  public var isEmpty: Bool { members.isEmpty }

  /// The value for `key`; setting `nil` removes the member, setting a new key appends it.
  public subscript(key: String) -> JSONValue? {
    get { members.first { $0.key == key }?.value }
    set {
      let index = members.firstIndex { $0.key == key }
      switch (index, newValue) {
      case (let index?, let value?): members[index].value = value
      case (let index?, nil): members.remove(at: index)
      case (nil, let value?): members.append(Member(key: key, value: value))
      case (nil, nil): break
      }
    }
  }

  /// The members whose key satisfies `isIncluded`, in order.
  public func filter(_ isIncluded: (String) -> Bool) -> JSONObject {
    JSONObject(uniqueMembers: members.filter { isIncluded($0.key) })
  }

  public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    lhs.count == rhs.count && lhs.members.allSatisfy { rhs[$0.key] == $0.value }
  }

  public func hash(into hasher: inout Hasher) {
    // Order-independent, to agree with ==: combine the members' hashes commutatively.
    hasher.combine(members.reduce(0) { $0 &+ $1.hashValue })
  }
}
