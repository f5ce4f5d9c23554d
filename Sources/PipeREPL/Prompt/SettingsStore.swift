import Foundation
import PipeDSL
import PipeFiles

/// Settings kept between sessions, in `$XDG_CONFIG_HOME/pipe/settings.json` (by default
/// `~/.config/pipe/settings.json`), readable and writable by its owner only (0600): it may
/// hold API keys.
///
/// The file is one JSON object from key to value, holding only the settings that differ from
/// their defaults. A session writes only what it changed, merged into the file as it is at
/// that moment under the file's lock, so prompts open at once keep each other's changes.
/// At most 1 MiB of it is read; a larger file, a symbolic link or a FIFO is refused with a
/// note (`AtomicFile`), and is left as it is.
struct SettingsStore {
  let path: String

  static func defaultPath(_ environment: [String: String]) -> String? {
    Locations.folder("XDG_CONFIG_HOME", fallback: ".config", environment).map { $0 + "/pipe/settings.json" }
  }

  private var file: AtomicFile { AtomicFile(path: path) }

  /// The saved settings, and a note when the file is there but cannot be used: it is then
  /// moved aside to `settings.json.broken`, so that the next `set` does not write over it.
  func load() -> (values: [String: Value], note: String?) {
    let read: [UInt8]?
    do {
      read = try file.read()
    } catch {
      return ([:], "\(error); starting with the defaults")
    }
    guard let bytes = read else { return ([:], nil) }
    if let values = SettingsFormat.decode(bytes) { return (values, nil) }
    let broken = path + ".broken"
    let moved =
      (try? file.locked { () -> Bool in
        // Another session may have moved or repaired it meanwhile.
        guard let now = try file.read(), SettingsFormat.decode(now) == nil else { return false }
        return rename(path, broken) == 0
      }) ?? false
    let kept = moved ? "; it is kept as \(broken)" : ""
    return (
      [:], "the settings file \(path) is not a JSON object of settings\(kept); starting with the defaults"
    )
  }

  /// Writes `changes` into the file: a value is set, nil removes the key (back to its default).
  /// Keys this session did not change keep what the file holds now. Nil when it worked, else
  /// why it did not.
  func update(_ changes: [String: Value?]) -> String? {
    guard !changes.isEmpty else { return nil }
    do {
      try file.update { old in
        // A file edited by hand into something else is kept aside.
        if let old, SettingsFormat.decode(old) == nil { rename(path, path + ".broken") }
        var values = old.flatMap(SettingsFormat.decode) ?? [:]
        for (key, value) in changes { values[key] = value }
        return SettingsFormat.encode(values)
      }
      return nil
    } catch {
      return "\(error)"
    }
  }
}
