import Foundation
import PipeDSL

/// `catch cache`'s last good values, kept in the user's cache directory so that they outlive
/// the session: `$XDG_CACHE_HOME/pipe/cache.json`, by default `~/.cache/pipe/cache.json`.
///
/// The file is one JSON object from key (`weather("London")`) to value. It is read once, when
/// the session starts, and written whole after every store: to a temporary file in the same
/// directory, then renamed over the old one, so no reader ever sees half a file. A file that is
/// not such an object is ignored with a note, and replaced at the next store.
struct CacheFile {
  let path: String

  /// The user's cache file, as the XDG base directories say (a relative `XDG_CACHE_HOME` is
  /// ignored, as the specification asks).
  static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> CacheFile {
    let xdg = environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
    let base =
      xdg ?? ((environment["HOME"] ?? NSHomeDirectory()) as NSString).appendingPathComponent(".cache")
    return CacheFile(path: (base as NSString).appendingPathComponent("pipe/cache.json"))
  }

  /// The values kept; a note when the file is there but cannot be used.
  func load() -> (values: [String: Value], note: String?) {
    guard let data = FileManager.default.contents(atPath: path) else {
      let exists = FileManager.default.fileExists(atPath: path)
      return ([:], exists ? "cannot read the cache file \(path); starting with an empty cache" : nil)
    }
    let value: Value
    do {
      value = try Value(jsonBytes: Array(data))
    } catch {
      return ([:], "the cache file \(path) is not valid JSON (\(error)); starting with an empty cache")
    }
    guard case .record(let record) = value else {
      return ([:], "the cache file \(path) is not a JSON object; starting with an empty cache")
    }
    return (Dictionary(record.fields.map { ($0.key, $0.value) }) { _, last in last }, nil)
  }

  /// Writes `values`, sorted by key, in place of the file's contents, atomically.
  func save(_ values: [String: Value]) throws {
    let directory = (path as NSString).deletingLastPathComponent
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let record = Record(values.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    let temporary = (directory as NSString).appendingPathComponent(
      ".cache.json.\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
    try Data(Value.record(record).json.encoded() + [0x0A]).write(to: URL(fileURLWithPath: temporary))
    guard rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      try? FileManager.default.removeItem(atPath: temporary)
      throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: reason])
    }
  }
}

extension ValueCache {
  /// A cache of `catch cache`'s values kept in `file`: loaded now, written after every store
  /// that changes one. Problems are notes on `output`, never failures (a cache is a
  /// convenience).
  static func kept(in file: CacheFile, output: any PipeDSL.OutputStream) -> ValueCache {
    let (values, note) = file.load()
    if let note { output.errorLine("note: \(note)") }
    let cache = ValueCache(values: values)
    var written = values
    var warned = false
    cache.onStore = { key, value in
      guard written[key] != value else { return }
      written[key] = value
      do {
        try file.save(written)
      } catch {
        if !warned {
          output.errorLine("note: cannot write the cache file \(file.path): \(error.localizedDescription)")
        }
        warned = true
      }
    }
    return cache
  }
}
