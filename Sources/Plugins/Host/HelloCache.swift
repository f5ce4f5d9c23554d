import Foundation
import PluginProtocol

/// What a plugin's file is now: its size and modification time. A plugin's hello is taken to
/// hold as long as its file is the same.
struct Fingerprint: Hashable, Sendable {
  var size: Int
  /// Nanoseconds since 1970.
  var modified: Int

  /// The file at `path` (a link is followed); nil if there is none.
  init?(path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    size = Int(info.st_size)
    modified = Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)
  }

  init(size: Int, modified: Int) {
    self.size = size
    self.modified = modified
  }
}

/// The plugins' hellos remembered between runs, in one small JSON file (by default
/// `$XDG_CACHE_HOME/pipe/plugins.json`), so that looking a name up need not start every plugin:
/// a plugin whose file has the same path, size and modification time as when it said hello is
/// taken at its word. A plugin that could not start is remembered too, so that looking up
/// another name does not try it again and again (using it by name does).
///
///     {"plugins":{"/home/me/.pipe/plugins/pipe-plugin-dice.py":
///       {"size":2310,"modified":1732350000123456789,"hello":{"type":"hello","protocol":1,...}}}}
///
/// The file is read once and rewritten whole when an entry changes: to a new file in the same
/// directory, renamed over the old one, readable by its owner only. Entries whose files are
/// gone are dropped. A file that cannot be read is taken as empty: it is only a cache.
struct HelloCache: Sendable {
  struct Entry: Sendable, Hashable {
    var fingerprint: Fingerprint
    var hello: Hello?
    /// Why the plugin could not start, when it could not.
    var problem: String?
  }

  /// The file; nil keeps nothing between runs.
  let path: String?

  /// The entries by plugin path.
  func load() -> [String: Entry] {
    guard let path, let data = FileManager.default.contents(atPath: path),
      let plugins = (try? JSONValue.parse(Array(data)))?["plugins"]?.objectValue
    else { return [:] }
    var entries: [String: Entry] = [:]
    for member in plugins.members {
      guard let size = member.value["size"]?.intValue, let modified = member.value["modified"]?.intValue
      else { continue }
      var entry = Entry(fingerprint: Fingerprint(size: size, modified: modified))
      if let hello = member.value["hello"], case .hello(let said)? = try? PluginMessage(json: hello) {
        entry.hello = said
      }
      entry.problem = member.value["problem"]?.stringValue
      if entry.hello != nil || entry.problem != nil { entries[member.key] = entry }
    }
    return entries
  }

  /// Writes `entries` (by plugin path), leaving out those whose file is gone. Failing to write
  /// is not an error: the next run learns the hellos again.
  func save(_ entries: [String: Entry]) {
    guard let path else { return }
    let directory = (path as NSString).deletingLastPathComponent
    guard
      (try? FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])) != nil
    else { return }
    var plugins = JSONObject()
    for (plugin, entry) in entries.sorted(by: { $0.key < $1.key }) where Fingerprint(path: plugin) != nil {
      var object: JSONObject = [
        "size": .int(entry.fingerprint.size), "modified": .int(entry.fingerprint.modified),
      ]
      if let hello = entry.hello { object["hello"] = PluginMessage.hello(hello).json }
      if let problem = entry.problem { object["problem"] = .string(problem) }
      plugins[plugin] = .object(object)
    }
    let text = JSONValue.object(["plugins": .object(plugins)]).encoded() + [0x0A]
    let temporary = "\(path).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard fd >= 0 else { return }
    let written = text.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
    if written != text.count || rename(temporary, path) != 0 { unlink(temporary) }
  }
}
