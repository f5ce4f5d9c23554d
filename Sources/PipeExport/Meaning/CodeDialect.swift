import PipeDSL

/// The two languages the exports are written in, for what they share: literals and
/// expressions. Swift serves RxSwift and Combine; JavaScript (TypeScript) serves RxJS.
enum CodeDialect {
  case swift, javascript

  /// A pipe value written as a literal: `"Oslo"`, `[1, 2]`, `["city": "Oslo"]` in Swift,
  /// `'Oslo'`, `{ city: 'Oslo' }` in JavaScript.
  func literal(_ arg: Arg) -> String {
    switch arg.kind {
    case .literal(let literal): return self.literal(literal)
    case .list(let items): return "[" + items.map(literal).joined(separator: ", ") + "]"
    case .dict(let entries): return record(entries.map { (key: $0.keyText, value: literal($0.value)) })
    case .name(let name): return string(name.text)
    default: return arg.description
    }
  }

  func literal(_ literal: Literal) -> String {
    switch literal {
    case .null: return self == .swift ? "nil" : "null"
    case .bool(let bool): return String(bool)
    case .int(let int): return String(int)
    case .double(let double): return double.description
    case .string(let text): return string(text)
    case .duration(let time): return time.seconds.description
    }
  }

  /// A string literal: double quotes in Swift, single quotes in JavaScript.
  func string(_ text: String) -> String {
    let quote: Character = self == .swift ? "\"" : "'"
    var result = String(quote)
    for character in text {
      switch character {
      case quote, "\\": result += "\\" + String(character)
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      default: result.append(character)
      }
    }
    result.append(quote)
    return result
  }

  func record(_ fields: [(key: String, value: String)]) -> String {
    switch self {
    case .swift:
      return fields.isEmpty
        ? "[:]" : "[" + fields.map { string($0.key) + ": " + $0.value }.joined(separator: ", ") + "]"
    case .javascript:
      return fields.isEmpty
        ? "{}" : "{ " + fields.map { $0.key + ": " + $0.value }.joined(separator: ", ") + " }"
    }
  }

  /// A number of seconds as this language writes it: `1`, `0.5`.
  func seconds(_ seconds: Double) -> String {
    seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int(seconds)) : seconds.description
  }

  /// A number of milliseconds for RxJS: `1000`, `1500`.
  func milliseconds(_ seconds: Double) -> String {
    let ms = seconds * 1000
    return ms == ms.rounded() ? String(Int(ms)) : ms.description
  }
}

extension DictEntry {
  var keyText: String {
    switch key {
    case .name(let name), .string(let name): return name
    case .wildcard: return "*"
    }
  }
}
