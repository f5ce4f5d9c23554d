import PipeDSL

/// What `settings.json` holds: one JSON object from key to value, keys sorted, one line.
///
///     SettingsFormat.decode(Array(#"{"seed":7}"#.utf8))  // ["seed": 7]
///     SettingsFormat.encode(["seed": 7])                 // {"seed":7}\n
///
/// Only the bytes: reading, locking and renaming the file is `SettingsStore`'s.
public enum SettingsFormat {
  /// The settings in `bytes`, or nil when they are not a JSON object.
  public static func decode(_ bytes: [UInt8]) -> [String: Value]? {
    guard case .record(let record)? = try? Value(jsonBytes: bytes) else { return nil }
    var values: [String: Value] = [:]
    for field in record.fields { values[field.key] = field.value }
    return values
  }

  /// The file's bytes for `values`: keys sorted, a final newline.
  public static func encode(_ values: [String: Value]) -> [UInt8] {
    let record = Record(values.keys.sorted().map { ($0, values[$0]!) })
    return Value.record(record).json.encoded() + [0x0A]
  }
}
