import PipeDSL

/// The plain readings of a checked argument the writers need.
extension Arg {
  var int: Int? {
    if case .literal(.int(let int)) = kind { return int }
    return nil
  }

  var double: Double? {
    switch kind {
    case .literal(.int(let int)): return Double(int)
    case .literal(.double(let double)): return double
    default: return nil
    }
  }

  /// A duration in seconds: `500ms`, or a bare number of seconds.
  /// A duration written with its unit, `2s` (not a bare number).
  var duration: Double? {
    if case .literal(.duration(let time)) = kind { return time.seconds }
    return nil
  }

  var seconds: Double? {
    if case .literal(.duration(let time)) = kind { return time.seconds }
    return double
  }

  /// A bare name: `cache`, `serverFailure`, `weather.apiKey`.
  var word: String? {
    if case .name(let name) = kind { return name.text }
    return nil
  }

  var expression: Expr? {
    if case .expression(let expr) = kind { return expr }
    return nil
  }

  var pipeline: Pipeline? {
    if case .pipeline(let pipeline) = kind { return pipeline }
    return nil
  }

  var entries: [DictEntry] {
    if case .dict(let entries) = kind { return entries }
    return []
  }

  /// The items of a list, or the argument alone.
  var list: [Arg] {
    if case .list(let items) = kind { return items }
    return [self]
  }

  /// A string, or each string of a list of strings.
  var strings: [String] {
    list.compactMap {
      if case .literal(.string(let string)) = $0.kind { return string }
      return nil
    }
  }

  var labelName: String? {
    if case .labeled(let label, _) = kind { return label.text }
    return nil
  }
}

extension [StageOption] {
  /// The value of the option `name`, written `max 4` or `max: 4`.
  func value(_ name: String) -> Arg? {
    first { $0.name.text == name }?.value
  }
}
