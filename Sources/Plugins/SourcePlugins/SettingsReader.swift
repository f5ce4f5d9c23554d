import PluginKit
import SourceCore

/// Reads a request's settings into the types the cores use. PluginKit has already filled in
/// defaults and checked declared types; this adds the checks a type cannot express.
struct SettingsReader {
  let request: Request

  /// A string setting; `.null` (not set, no default) reads as `fallback`.
  func string(_ key: String, _ fallback: String = "") -> String {
    request.setting(key).stringValue ?? fallback
  }

  /// A flag: a bool, or `on`/`off`/`true`/`false`, as `set network off` may send it.
  func flag(_ key: String, _ fallback: Bool) throws(SourceError) -> Bool {
    switch request.setting(key) {
    case .null: return fallback
    case .bool(let value): return value
    case .string(let text) where ["on", "true", "yes"].contains(text.lowercased()): return true
    case .string(let text) where ["off", "false", "no"].contains(text.lowercased()): return false
    case let value:
      throw SourceError(.invalidSetting, "\(key) must be on or off, not \(value.encodedString())")
    }
  }

  /// A seed: an integer (a negative one keeps its bits), or digits in a string; nil if not set.
  func seed(_ key: String) throws(SourceError) -> UInt64? {
    switch request.setting(key) {
    case .null: return nil
    case .int(let value): return UInt64(bitPattern: Int64(value))
    case .string(let text) where Int64(text) != nil: return UInt64(bitPattern: Int64(text)!)
    case let value:
      throw SourceError(.invalidSetting, "\(key) must be an integer, not \(value.encodedString())")
    }
  }

  /// A number of seconds within `range` (a plugin in another language may send anything: an
  /// hour of timeout in nanoseconds still fits, 1e11 seconds would not).
  func seconds(_ key: String, _ fallback: Double, in range: ClosedRange<Double>) throws(SourceError) -> Double
  {
    guard let seconds = request.setting(key).doubleValue else { return fallback }
    guard range.contains(seconds) else {
      throw SourceError(
        .invalidSetting,
        "\(key) must be from \(range.lowerBound) to \(Int(range.upperBound)) seconds, not \(seconds)")
    }
    return seconds
  }
}
