import Operators

/// A literal as written: `null`, `true`, `42`, `-3.5`, `1e3`, `"Oslo"`, `500ms`.
///
/// Ints and Doubles are kept apart (`1e3` is a Double). A duration is kept as a `Time`; where
/// a duration is expected the checker also accepts a bare number as seconds.
public enum Literal: Hashable, Sendable, CustomStringConvertible {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case duration(Time)

  /// A number written without a unit, `2000`, where a duration may stand.
  var isBareNumber: Bool {
    switch self {
    case .int, .double: return true
    default: return false
    }
  }

  /// The literal as a value; a duration becomes its seconds as a Double.
  public var value: Value {
    switch self {
    case .null: return .null
    case .bool(let bool): return .bool(bool)
    case .int(let int): return .int(int)
    case .double(let double): return .double(double)
    case .string(let string): return .string(string)
    case .duration(let time): return .double(time.seconds)
    }
  }

  /// The literal negated, for a `-` written before a number; nil when it cannot be.
  func negated() -> Literal? {
    switch self {
    case .int(let int): return int == .min ? nil : .int(-int)
    case .double(let double): return .double(-double)
    case .duration(let time): return .duration(.zero - time)
    default: return nil
    }
  }

  public var description: String {
    switch self {
    case .duration(let time): return time.description
    default: return value.literal
    }
  }
}
