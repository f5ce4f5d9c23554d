extension ValueType {
  init(field key: String, of reader: inout FieldReader) throws(ProtocolError) {
    let name = try reader.string(key)
    guard let type = ValueType(rawValue: name) else {
      let known = ValueType.allCases.map(\.rawValue).joined(separator: ", ")
      throw reader.error("unknown type \(quoted(name)) (expected one of \(known))")
    }
    self = type
  }
}

/// Reads an optional `default` field that must have the declared type.
///
/// `"default": null` is a default (the parameter may be left out and is then null); only a
/// missing `default` makes a parameter required.
private func readDefault(_ reader: inout FieldReader, type: ValueType) throws(ProtocolError) -> JSONValue? {
  if reader.has("default"), reader.optional("default") == nil { return .null }
  guard let value = reader.optional("default") else { return nil }
  if !type.accepts(value) { throw reader.error("default must be \(type.rawValue), got \(value.typeName)") }
  return value
}

private func requireIdentifier(_ name: String, _ what: String, _ reader: FieldReader) throws(ProtocolError) {
  if !isIdentifier(name) {
    throw reader.error("\(what) \(quoted(name)) is not an identifier (letters, digits, _)")
  }
}

extension ParamSpec {
  init(json: JSONValue, context: String) throws(ProtocolError) {
    var reader = try FieldReader(json, context: context)
    name = try reader.string("name")
    try requireIdentifier(name, "parameter name", reader)
    type = try ValueType(field: "type", of: &reader)
    defaultValue = try readDefault(&reader, type: type)
    doc = try reader.string("doc")
    try reader.finish()
  }

  public var json: JSONValue {
    var object: JSONObject = ["name": .string(name), "type": .string(type.rawValue)]
    object["default"] = defaultValue
    object["doc"] = .string(doc)
    return .object(object)
  }
}

extension SourceSpec {
  init(json: JSONValue, context: String) throws(ProtocolError) {
    var reader = try FieldReader(json, context: context)
    name = try reader.string("name")
    try requireIdentifier(name, "source name", reader)
    doc = try reader.string("doc")
    params = try reader.array("params") { (json, context) throws(ProtocolError) in
      try ParamSpec(json: json, context: context)
    }
    if let duplicate = params.map(\.name).firstDuplicate {
      throw reader.error("parameter \(quoted(duplicate)) is declared twice")
    }
    example = try reader.optionalString("example")
    try reader.finish()
  }

  public var json: JSONValue {
    var object: JSONObject = [
      "name": .string(name), "doc": .string(doc), "params": .array(params.map(\.json)),
    ]
    object["example"] = example.map(JSONValue.string)
    return .object(object)
  }
}

extension SettingSpec {
  /// A setting as a hello of protocol `version` declares it (`allowed`, `minimum` and
  /// `maximum` came with version 2).
  init(json: JSONValue, context: String, version: Int = pluginProtocolVersion) throws(ProtocolError) {
    var reader = try FieldReader(json, context: context, version: version)
    for key in ["allowed", "minimum", "maximum"] { try reader.introduced(key, in: 2) }
    key = try reader.string("key")
    type = try ValueType(field: "type", of: &reader)
    defaultValue = try readDefault(&reader, type: type)
    secret = try reader.optionalBool("secret") ?? false
    doc = try reader.string("doc")
    allowed = try reader.optional("allowed").map { (value) throws(ProtocolError) in
      guard let items = value.arrayValue, !items.isEmpty else {
        throw reader.error("field 'allowed' must be a non-empty array, got \(value.typeName)")
      }
      if let wrong = items.first(where: { !type.accepts($0) }) {
        throw reader.error("allowed values must be \(type.rawValue), got \(wrong.typeName)")
      }
      return items
    }
    minimum = try reader.optionalNumber("minimum")
    maximum = try reader.optionalNumber("maximum")
    try checkRange(reader)
    try reader.finish()
  }

  /// A range only on a number, not empty, and holding the default; a default among `allowed`.
  private func checkRange(_ reader: FieldReader) throws(ProtocolError) {
    if minimum != nil || maximum != nil {
      guard type == .int || type == .number else {
        throw reader.error("minimum and maximum are for int and number settings, not \(type.rawValue)")
      }
      if let minimum, let maximum, minimum > maximum {
        throw reader.error("minimum \(Self.number(minimum)) is above maximum \(Self.number(maximum))")
      }
    }
    if let defaultValue, defaultValue != .null, let problem = problem(with: defaultValue) {
      throw reader.error("field 'default' \(problem)")
    }
  }

  public var json: JSONValue {
    var object: JSONObject = ["key": .string(key), "type": .string(type.rawValue)]
    object["default"] = defaultValue
    if secret { object["secret"] = .bool(true) }
    object["doc"] = .string(doc)
    object["allowed"] = allowed.map(JSONValue.array)
    object["minimum"] = minimum.map(JSONValue.double)
    object["maximum"] = maximum.map(JSONValue.double)
    return .object(object)
  }
}

extension Array where Element: Hashable {
  /// The first element that occurs earlier in the array too.
  var firstDuplicate: Element? {
    var seen: Set<Element> = []
    return first { !seen.insert($0).inserted }
  }
}
