import PipeDSL

/// The little type-keeping a typed language needs where pipe's values are dynamic.
extension CombineWriter {
  /// The element type of a source, where it is plain: the letters of `cold`, a literal.
  func sourceElementType(_ meaning: Meaning) -> String? {
    switch meaning {
    case .cold(let diagrams, let values) where values.allSatisfy({ $0.keyText == "#" }):
      let letters = MarbleText.valueLetters(diagrams)
      if letters.isEmpty { return nil }
      return letters.allSatisfy(\.isNumber) ? "Int" : "String"
    case .cold(let diagrams, let values): return Meaning.coldElementType(diagrams, values)
    case .just(let arg): return Meaning.swiftType(arg)
    case .range, .timer, .every: return "Int"
    case .plugin(let name, let arguments): return PluginStub.named(name, arguments: arguments.count).type
    case .of: return Meaning.sourceType(meaning)
    default: return nil
    }
  }

  /// Whether a stage passes on the elements it gets, of the same type.
  static func keepsElementType(_ meaning: Meaning) -> Bool {
    switch meaning {
    case .filter, .take, .skip, .takeFor, .skipFor, .takeWhile, .distinct, .startWith, .delay, .debounce,
      .throttle, .throttleFirst, .share,
      .repeatCount, .catchAndReturn, .throwIf, .mapError, .action, .retry, .retryWhen, .timeout,
      .circuitBreaker:
      return true
    default: return false
    }
  }
}

extension Arg {
  var isString: Bool {
    if case .literal(.string) = kind { return true }
    return false
  }

  /// The literal written as a string, as pipe's `show` prints it inside a record: `0` → `"0"`,
  /// `[city: "Oslo"]` → `"{city: \"Oslo\"}"`.
  var asString: Arg {
    guard case .dict = kind, let constant else { return Arg(.literal(.string(description)), span) }
    return Arg(.literal(.string(constant.show)), span)
  }

  /// The value of a literal, a list or record of literals.
  private var constant: Value? {
    switch kind {
    case .literal(let literal): return literal.value
    case .list(let items):
      let values = items.compactMap(\.constant)
      return values.count == items.count ? .list(values) : nil
    case .dict(let entries):
      let fields = entries.compactMap { entry in entry.value.constant.map { (entry.keyText, $0) } }
      return fields.count == entries.count ? .record(Record(fields)) : nil
    default: return nil
    }
  }
}
