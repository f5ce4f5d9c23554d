/// The type of a setting's values, as a plugin's hello declares it (`string`, `int`, ...).
public enum SettingType: String, Sendable, CaseIterable {
  case string, int, number, bool, list, record, any

  /// The type of a default value: `3600.0` is a number, `null` takes anything.
  public init(of value: Value) {
    switch value {
    case .null: self = .any
    case .bool: self = .bool
    case .int: self = .int
    case .double: self = .number
    case .string: self = .string
    case .list: self = .list
    case .record: self = .record
    }
  }

  /// Whether `value` has this type: a number may be written as a whole number.
  public func accepts(_ value: Value) -> Bool {
    switch (self, value) {
    case (.any, _), (.string, .string), (.int, .int), (.number, .int), (.number, .double), (.bool, .bool),
      (.list, .list), (.record, .record):
      return true
    default:
      return false
    }
  }

  /// How a message names it: `a whole number`, `true or false`.
  var phrase: String {
    switch self {
    case .string: return "a string"
    case .int: return "a whole number"
    case .number: return "a number"
    case .bool: return "true or false"
    case .list: return "a list"
    case .record: return "a record"
    case .any: return "any value"
    }
  }
}

extension Settings.Definition {
  /// Why the setting cannot take `value`, or nil: not one of `allowed`, the wrong type, or
  /// outside `range`. The message names the values it takes and, unless the setting is a
  /// secret, the value refused:
  ///
  ///     'horizon' takes a number from 0.001 to 3600000, not 1e10
  public func problem(with value: Value) -> String? {
    let refused = secret ? "" : ", not \(value.literal)"
    if let allowed, !allowed.contains(where: { Self.same($0, value) }) {
      return "'\(key)' takes \(allowed.map(\.literal).joined(separator: " or "))\(refused)"
    }
    guard type.accepts(value) else {
      // `set weather.faults 500`: a string setting is written in quotes.
      let quoted =
        type == .string && !secret && value.string == nil ? ": put it in quotes, \"\(value.literal)\"" : ""
      return "'\(key)' takes \(type.phrase)\(refused)\(quoted)"
    }
    if let range, let number = value.number, !range.contains(number) {
      return "'\(key)' takes \(type.phrase) \(Self.describe(range))\(refused)"
    }
    return nil
  }

  /// What the setting takes, as `problem(with:)` says it: `"on" or "off"`, `a number from
  /// 0.001 to 3600000`, `a string`.
  public var takes: String {
    if let allowed { return allowed.map(\.literal).joined(separator: " or ") }
    return type.phrase + (range.map { " " + Self.describe($0) } ?? "")
  }

  /// Whether `value` is the default (`3600` is `3600.0` for a number).
  public func isDefault(_ value: Value) -> Bool { Self.same(value, defaultValue) }

  private static func same(_ left: Value, _ right: Value) -> Bool {
    if let a = left.number, let b = right.number { return a == b }
    return left == right
  }

  /// `from 0.001 to 3600000`, `at least 1`, `at most 10`.
  static func describe(_ range: ClosedRange<Double>) -> String {
    let (low, high) = (Limits.number(range.lowerBound), Limits.number(range.upperBound))
    switch (range.lowerBound.isFinite, range.upperBound.isFinite) {
    case (true, true): return "from \(low) to \(high)"
    case (true, false): return "of at least \(low)"
    case (false, true): return "of at most \(high)"
    case (false, false): return ""
    }
  }
}
