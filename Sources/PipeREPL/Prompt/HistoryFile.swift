import Foundation
import PipeFiles

/// The history on disk: one entry per line, `\` and newlines escaped.
///
/// Lives in `$XDG_DATA_HOME/pipe/history` (by default `~/.local/share/pipe/history`),
/// readable by its owner only. Every change holds the file's lock (`AtomicFile`): an entry is
/// appended whole, so concurrent prompts interleave whole lines, and a compaction (dropping
/// repeats) writes a new file and renames it over the old one, so a kill at any moment
/// leaves the old history or the new, never an empty or a half one.
struct HistoryFile {
  let path: String

  /// The history file's place for this environment.
  static func defaultPath(_ environment: [String: String]) -> String? {
    guard let data = Locations.folder("XDG_DATA_HOME", fallback: ".local/share", environment) else {
      return nil
    }
    return data + "/pipe/history"
  }

  private var file: AtomicFile { AtomicFile(path: path) }

  /// Every line of the file, decoded, repeats included.
  func load() -> [String] {
    guard let bytes = file.read() else { return [] }
    return HistoryFormat.lines(bytes)
  }

  /// Appends one entry, holding the file's lock.
  func append(_ entry: String) {
    try? file.locked {
      let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
      guard descriptor >= 0 else { return }
      Descriptor.write(HistoryFormat.encode(entry) + "\n", to: descriptor)
      close(descriptor)
    }
  }

  /// Rewrites the file as `compact` makes its lines (dropping repeats): the lines read under
  /// the lock, so entries other prompts appended meanwhile are kept.
  func compact(_ compact: @escaping ([String]) -> [String]) {
    try? file.update { old in
      let entries = compact(old.map(HistoryFormat.lines) ?? [])
      return Array(entries.map { HistoryFormat.encode($0) + "\n" }.joined().utf8)
    }
  }

}

/// Where the prompt keeps its files: the XDG folders, or their defaults under HOME.
enum Locations {
  static func folder(_ variable: String, fallback: String, _ environment: [String: String]) -> String? {
    if let folder = environment[variable], folder.hasPrefix("/") { return folder }
    guard let home = environment["HOME"], !home.isEmpty else { return nil }
    return home + "/" + fallback
  }
}
