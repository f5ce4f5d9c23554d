import Foundation
import PipeFiles

/// The history on disk: one entry per line, `\` and newlines escaped.
///
/// Lives in `$XDG_DATA_HOME/pipe/history` (by default `~/.local/share/pipe/history`),
/// readable by its owner only. Every change holds the file's lock (`AtomicFile`): an entry is
/// appended whole, so concurrent prompts interleave whole lines, and a compaction (dropping
/// repeats) writes a new file and renames it over the old one, so a kill at any moment
/// leaves the old history or the new, never an empty or a half one.
///
/// Only its last 1 MiB is read (a longer file is cut to its last entries at the next
/// compaction); a file that is a symbolic link or not a regular file (a FIFO) is never
/// opened, and the lock is waited for at most 2 s (`AtomicFile`): each throws, and `History`
/// turns the history file off for the session with a note.
struct HistoryFile {
  let path: String

  /// The history file's place for this environment.
  static func defaultPath(_ environment: [String: String]) -> String? {
    guard let data = Locations.folder("XDG_DATA_HOME", fallback: ".local/share", environment) else {
      return nil
    }
    return data + "/pipe/history"
  }

  private var file: AtomicFile { AtomicFile(path: path, tail: true) }

  /// Every line of the file, decoded, repeats included (of its last 1 MiB); a note when the
  /// start of a longer file was left out.
  func load() throws(FileError) -> (lines: [String], note: String?) {
    guard let bytes = try file.read() else { return ([], nil) }
    let note =
      file.isCut
      ? "the history file \(path) is longer than \(AtomicFile.size(file.limit)): only its last entries are read"
      : nil
    return (HistoryFormat.lines(bytes), note)
  }

  /// Appends one entry, holding the file's lock; never through a symbolic link, nor to a
  /// file that is not a regular one. `interrupted` ends the wait for the lock.
  func append(_ entry: String, interrupted: () -> Bool = { false }) throws {
    try file.locked(interrupted: interrupted) {
      let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
      guard descriptor >= 0 else {
        throw FileError(path, errno == ELOOP ? AtomicFile.linkReason : String(cString: strerror(errno)))
      }
      defer { close(descriptor) }
      var status = stat()
      guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
        throw FileError(path, AtomicFile.kind(status.st_mode))
      }
      guard Descriptor.write(HistoryFormat.encode(entry) + "\n", to: descriptor) else {
        throw FileError(path, String(cString: strerror(errno)))
      }
    }
  }

  /// Rewrites the file as `compact` makes its lines (dropping repeats): the lines read under
  /// the lock, so entries other prompts appended meanwhile are kept.
  func compact(_ compact: @escaping ([String]) -> [String]) throws {
    try file.update { old in
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
