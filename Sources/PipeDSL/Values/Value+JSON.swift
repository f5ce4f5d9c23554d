/// JSON both ways, keeping field order and the Int/Double distinction.
///
///     try Value(json: #"{"city":"Oslo","temp":21.5,"humidity":81}"#)
///     // [city: "Oslo", temp: 21.5, humidity: 81]
///     (["a": [1, 2.5, nil]] as Value).json  // {"a":[1,2.5,null]}
///
/// A number without a fraction or exponent that fits 64 bits is an int, any other a double.
/// A double that is not finite is written as `null`, which JSON has no other way to say.
extension Value {
  public init(json: String) throws(JSONError) {
    self = try JSONReader.read(Array(json.utf8))
  }

  public init(jsonBytes: [UInt8]) throws(JSONError) {
    self = try JSONReader.read(jsonBytes)
  }

  /// Compact JSON, fields in order.
  public var json: String {
    var output = ""
    writeJSON(to: &output)
    return output
  }

  private func writeJSON(to output: inout String) {
    switch self {
    case .null: output += "null"
    case .bool(let bool): output += String(bool)
    case .int(let int): output += String(int)
    case .double(let double): output += double.isFinite ? Value.render(double) : "null"
    case .string(let string): Value.writeJSONString(string, to: &output)
    case .list(let values):
      output += "["
      for (index, value) in values.enumerated() {
        if index > 0 { output += "," }
        value.writeJSON(to: &output)
      }
      output += "]"
    case .record(let record):
      output += "{"
      for (index, field) in record.enumerated() {
        if index > 0 { output += "," }
        Value.writeJSONString(field.key, to: &output)
        output += ":"
        field.value.writeJSON(to: &output)
      }
      output += "}"
    }
  }

  private static func writeJSONString(_ string: String, to output: inout String) {
    output += "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: output.unicodeScalars.append(scalar)
      }
    }
    output += "\""
  }
}

/// Text that is not JSON: what was wrong and at which byte.
public struct JSONError: Error, Hashable, Sendable, CustomStringConvertible {
  public var message: String
  public var offset: Int

  public init(_ message: String, at offset: Int) {
    self.message = message
    self.offset = offset
  }

  public var description: String { "invalid JSON at byte \(offset): \(message)" }
}
