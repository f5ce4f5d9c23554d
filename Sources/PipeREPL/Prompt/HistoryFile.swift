import Foundation

/// The history on disk: one entry per line, `\` and newlines escaped, appended under a lock.
///
/// Lives in `$XDG_DATA_HOME/pipe/history` (by default `~/.local/share/pipe/history`),
/// readable by its owner only.
struct HistoryFile {
  let path: String

  /// The history file's place for this environment.
  static func defaultPath(_ environment: [String: String]) -> String? {
    guard let data = Locations.folder("XDG_DATA_HOME", fallback: ".local/share", environment) else {
      return nil
    }
    return data + "/pipe/history"
  }

  func load() -> [String] {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
    return text.split(separator: "\n").map { HistoryFile.decode(String($0)) }
  }

  /// How many lines the file holds (entries appended, repeats included).
  var lineCount: Int {
    (try? String(contentsOfFile: path, encoding: .utf8))?.split(separator: "\n").count ?? 0
  }

  /// Appends one entry, holding the file's lock, so concurrent prompts interleave whole lines.
  func append(_ entry: String) {
    locked(flags: O_WRONLY | O_APPEND | O_CREAT) { descriptor in
      Descriptor.write(HistoryFile.encode(entry) + "\n", to: descriptor)
    }
  }

  /// Replaces the file's content with `entries` (dropping repeats), under the same lock.
  func rewrite(_ entries: [String]) {
    locked(flags: O_WRONLY | O_CREAT) { descriptor in
      _ = ftruncate(descriptor, 0)
      Descriptor.write(entries.map { HistoryFile.encode($0) + "\n" }.joined(), to: descriptor)
    }
  }

  private func locked(flags: Int32, _ body: (Int32) -> Void) {
    guard Locations.makeFolder(for: path) else { return }
    let descriptor = open(path, flags | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    guard flock(descriptor, LOCK_EX) == 0 else { return }
    body(descriptor)
    _ = flock(descriptor, LOCK_UN)
  }

  static func encode(_ entry: String) -> String {
    entry.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
  }

  static func decode(_ line: String) -> String {
    var result = ""
    var escaped = false
    for character in line {
      if escaped {
        result.append(character == "n" ? "\n" : character)
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else {
        result.append(character)
      }
    }
    return result
  }
}

/// Where the prompt keeps its files: the XDG folders, or their defaults under HOME.
enum Locations {
  static func folder(_ variable: String, fallback: String, _ environment: [String: String]) -> String? {
    if let folder = environment[variable], folder.hasPrefix("/") { return folder }
    guard let home = environment["HOME"], !home.isEmpty else { return nil }
    return home + "/" + fallback
  }

  /// Creates the file's folder (owner only) if it is missing.
  static func makeFolder(for path: String) -> Bool {
    let folder = (path as NSString).deletingLastPathComponent
    return
      (try? FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])) != nil
  }
}
