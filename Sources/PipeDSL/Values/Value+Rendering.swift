import TerminalText

/// The two ways a value is written as text.
extension Value: CustomStringConvertible {
  /// One friendly line, as `show` prints it: a string as itself, a record in braces.
  ///
  ///     Value.string("light rain").show                       // light rain
  ///     (["city": "Oslo", "temp": 21.5] as Value).show         // {city: "Oslo", temp: 21.5}
  public var show: String {
    if case .string(let string) = self { return string }
    return render(recordOpen: "{", recordClose: "}")
  }

  /// `show`, unless that would hide the value: an empty string, or one with spaces or line
  /// breaks at its ends, is quoted, so a message never ends in nothing.
  ///
  ///     Value.string("abc").visible   // abc
  ///     Value.string("").visible      // ""
  public var visible: String {
    let shown = show
    guard case .string = self, shown.isEmpty || shown.first!.isWhitespace || shown.last!.isWhitespace
    else { return shown }
    return literal
  }

  /// The value written in the pipe language, so it reads back as the same value.
  ///
  ///     (["city": "Oslo", "tags": [1, 2.0]] as Value).literal  // [city: "Oslo", tags: [1, 2.0]]
  public var literal: String { render(recordOpen: "[", recordClose: "]") }

  public var description: String { literal }

  private func render(recordOpen: String, recordClose: String) -> String {
    switch self {
    case .null: return "null"
    case .bool(let bool): return String(bool)
    case .int(let int): return Value.decimal(int)
    case .double(let double): return Value.render(double)
    case .string(let string): return Value.quote(string)
    case .list(let values):
      let items = values.map { $0.render(recordOpen: recordOpen, recordClose: recordClose) }
      return "[" + items.joined(separator: ", ") + "]"
    case .record(let record):
      if record.isEmpty { return recordOpen == "[" ? "[:]" : "{}" }
      let fields = record.map {
        Value.key($0.key) + ": " + $0.value.render(recordOpen: recordOpen, recordClose: recordClose)
      }
      return recordOpen + fields.joined(separator: ", ") + recordClose
    }
  }

  /// A double always shows that it is one: `2.0`, `0.1`, `1e+20`.
  static func render(_ double: Double) -> String { double.description }

  /// A record key: bare when it is a name, quoted otherwise.
  static func key(_ key: String) -> String {
    let bytes = Array(key.utf8)
    let isName =
      bytes.first?.isIdentifierStart == true && bytes.allSatisfy(\.isIdentifierPart)
      && !["true", "false", "null"].contains(key)
    return isName ? key : quote(key)
  }

  /// A string literal with the escapes the lexer reads back.
  static func quote(_ string: String) -> String {
    var result = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case _ where ControlCharacters.isControl(scalar):
        result += String(scalar).neutralisingControls()
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
