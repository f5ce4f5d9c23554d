/// Reads the fields of one JSON object strictly: a missing required field, a field of the wrong
/// type, or a field nobody asked for is a `ProtocolError` naming the field. An optional field
/// written as `null` counts as absent.
struct FieldReader {
  let object: JSONObject
  let context: String
  /// The protocol version the object is read as (its fields are that version's).
  var version: Int
  private var asked: [String] = []

  init(_ value: JSONValue, context: String, version: Int = pluginProtocolVersion) throws(ProtocolError) {
    guard case .object(let object) = value else {
      throw ProtocolError("must be an object, got \(value.typeName)", context: context)
    }
    self.object = object
    self.context = context
    self.version = version
  }

  /// The field's value, or nil when it is missing or null.
  /// Whether the object has `key` at all, even as null.
  func has(_ key: String) -> Bool { object[key] != nil }

  mutating func optional(_ key: String) -> JSONValue? {
    asked.append(key)
    guard let value = object[key], value != .null else { return nil }
    return value
  }

  mutating func required(_ key: String) throws(ProtocolError) -> JSONValue {
    guard let value = optional(key) else { throw error("missing field \(quoted(key))") }
    return value
  }

  mutating func string(_ key: String) throws(ProtocolError) -> String {
    try typed(key, try required(key), "a string", \.stringValue)
  }

  mutating func optionalString(_ key: String) throws(ProtocolError) -> String? {
    guard let value = optional(key) else { return nil }
    return try typed(key, value, "a string", \.stringValue)
  }

  /// An int field that is at least `minimum`.
  mutating func int(_ key: String, minimum: Int = 0) throws(ProtocolError) -> Int {
    let value = try typed(key, try required(key), "an int", \.intValue)
    if value < minimum { throw error("field \(quoted(key)) must be at least \(minimum), got \(value)") }
    return value
  }

  mutating func optionalInt(_ key: String, minimum: Int = 0) throws(ProtocolError) -> Int? {
    guard optional(key) != nil else { return nil }
    return try int(key, minimum: minimum)
  }

  /// An optional number field (an int or a double).
  mutating func optionalNumber(_ key: String) throws(ProtocolError) -> Double? {
    guard let value = optional(key) else { return nil }
    return try typed(key, value, "a number", \.doubleValue)
  }

  mutating func optionalBool(_ key: String) throws(ProtocolError) -> Bool? {
    guard let value = optional(key) else { return nil }
    return try typed(key, value, "a bool", \.boolValue)
  }

  mutating func object(_ key: String) throws(ProtocolError) -> JSONObject {
    try typed(key, try required(key), "an object", \.objectValue)
  }

  /// An array field (missing or null reads as empty), each element read by `element`.
  mutating func array<T>(
    _ key: String, _ element: (JSONValue, String) throws(ProtocolError) -> T
  ) throws(ProtocolError) -> [T] {
    guard let value = optional(key) else { return [] }
    let elements = try typed(key, value, "an array", \.arrayValue)
    var result: [T] = []
    for (offset, item) in elements.enumerated() {
      do throws(ProtocolError) {
        result.append(try element(item, "\(key)[\(offset)]"))
      } catch {
        throw error.within(context)
      }
    }
    return result
  }

  /// Fails on the first field that was never asked for.
  func finish() throws(ProtocolError) {
    for key in object.keys where !asked.contains(key) {
      let hint =
        asked.first { normalized($0) == normalized(key) }.map { " (did you mean \(quoted($0))?)" } ?? ""
      throw error("unknown field \(quoted(key))\(hint)")
    }
  }

  func error(_ reason: String) -> ProtocolError {
    ProtocolError(reason, context: context)
  }

  private func typed<T>(
    _ key: String, _ value: JSONValue, _ expected: String, _ read: (JSONValue) -> T?
  ) throws(ProtocolError) -> T {
    guard let result = read(value) else {
      throw error("field \(quoted(key)) must be \(expected), got \(value.typeName)")
    }
    return result
  }

  private func normalized(_ key: String) -> String {
    key.lowercased().filter { $0 != "_" && $0 != "-" }
  }
}

/// Whether `text` is an identifier: a letter or `_`, then letters, digits or `_`.
func isIdentifier(_ text: String) -> Bool {
  guard let first = text.unicodeScalars.first, first == "_" || first.properties.isAlphabetic,
    first.isASCII
  else { return false }
  return text.unicodeScalars.allSatisfy {
    $0.isASCII && ($0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0))
  }
}
