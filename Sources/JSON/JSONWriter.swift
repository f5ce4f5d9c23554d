extension JSONValue {
  /// The compact JSON text of this value (no spaces, no newline), as UTF-8 bytes.
  ///
  /// Object members keep their order. A double always has a fraction or an exponent (`3.0`,
  /// `1e-05`) so that it reads back as a double; NaN and the infinities, which JSON cannot say,
  /// become `null`.
  public func encoded() -> [UInt8] {
    var out: [UInt8] = []
    write(to: &out)
    return out
  }

  /// The compact JSON text of this value.
  public func encodedString() -> String {
    String(decoding: encoded(), as: UTF8.self)
  }

  /// Appends the compact JSON text of this value to `out`.
  public func write(to out: inout [UInt8]) {
    switch self {
    case .null: out.append(contentsOf: "null".utf8)
    case .bool(let value): out.append(contentsOf: (value ? "true" : "false").utf8)
    case .int(let value): out.append(contentsOf: String(value).utf8)
    case .double(let value):
      out.append(contentsOf: (value.isFinite ? value.description : "null").utf8)
    case .string(let value): Self.writeString(value, to: &out)
    case .array(let elements):
      out.append(UInt8(ascii: "["))
      for (offset, element) in elements.enumerated() {
        if offset > 0 { out.append(UInt8(ascii: ",")) }
        element.write(to: &out)
      }
      out.append(UInt8(ascii: "]"))
    case .object(let object): object.write(to: &out)
    }
  }

  /// Appends `value` as a JSON string: quotes, backslash and control characters escaped
  /// (the short forms where JSON has them, as JSONEncoder writes them).
  public static func writeString(_ value: String, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    defer { out.append(UInt8(ascii: "\"")) }
    // Most strings need no escape: then they go in whole.
    if !value.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
      out.append(contentsOf: value.utf8)
      return
    }
    for byte in value.utf8 {
      switch byte {
      case UInt8(ascii: "\""): out.append(contentsOf: #"\""#.utf8)
      case UInt8(ascii: "\\"): out.append(contentsOf: #"\\"#.utf8)
      case 0x08: out.append(contentsOf: #"\b"#.utf8)
      case 0x0C: out.append(contentsOf: #"\f"#.utf8)
      case 0x0A: out.append(contentsOf: #"\n"#.utf8)
      case 0x0D: out.append(contentsOf: #"\r"#.utf8)
      case 0x09: out.append(contentsOf: #"\t"#.utf8)
      case ..<0x20:
        let hex = String(byte, radix: 16)
        out.append(contentsOf: #"\u00"#.utf8)
        out.append(contentsOf: (hex.count == 1 ? "0" + hex : hex).utf8)
      default: out.append(byte)
      }
    }
  }
}

extension JSONObject {
  /// Appends the compact JSON text of this object to `out`, members in order.
  public func write(to out: inout [UInt8]) {
    out.append(UInt8(ascii: "{"))
    for (offset, member) in members.enumerated() {
      if offset > 0 { out.append(UInt8(ascii: ",")) }
      JSONValue.writeString(member.key, to: &out)
      out.append(UInt8(ascii: ":"))
      member.value.write(to: &out)
    }
    out.append(UInt8(ascii: "}"))
  }
}
