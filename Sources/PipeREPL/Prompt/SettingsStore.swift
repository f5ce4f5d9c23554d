import Foundation
import PipeDSL

/// Settings kept between sessions, in `$XDG_CONFIG_HOME/pipe/settings.json` (by default
/// `~/.config/pipe/settings.json`), readable and writable by its owner only (0600): it may
/// hold API keys.
struct SettingsStore {
  let path: String

  static func defaultPath(_ environment: [String: String]) -> String? {
    Locations.folder("XDG_CONFIG_HOME", fallback: ".config", environment).map { $0 + "/pipe/settings.json" }
  }

  /// The saved settings; nothing when the file is missing or unreadable.
  func load() -> [String: Value] {
    guard let data = FileManager.default.contents(atPath: path),
      case .record(let record)? = try? Value(jsonBytes: Array(data))
    else { return [:] }
    var values: [String: Value] = [:]
    for field in record.fields { values[field.key] = field.value }
    return values
  }

  /// Writes the settings: to a new file with mode 0600, then renamed over the old one.
  func save(_ values: [String: Value]) {
    guard Locations.makeFolder(for: path) else { return }
    let record = Record(values.keys.sorted().map { ($0, values[$0]!) })
    let temporary = path + ".tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return }
    _ = fchmod(descriptor, 0o600)
    Descriptor.write(Value.record(record).json.encodedString() + "\n", to: descriptor)
    close(descriptor)
    _ = rename(temporary, path)
  }
}
