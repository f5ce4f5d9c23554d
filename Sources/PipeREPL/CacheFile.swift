import Foundation
import PipeDSL
import PipeFiles

/// `catch cache`'s last good values, kept in the user's cache directory so that they outlive
/// the session: `$XDG_CACHE_HOME/pipe/cache.json`, by default `~/.cache/pipe/cache.json`,
/// readable by its owner only (0600, in a 0700 folder).
///
/// The file is one JSON object from key (`weather("London")`) to value, least recently used
/// first, holding at most `ValueCache.Limits.standard` (1,000 entries, 1 MiB). It is read
/// only when a value is first looked up, and written once per statement: the entries the
/// statement used are merged into the file as it is then, under its lock (sessions at once
/// keep each other's entries), the least recently used going when it is full, and the whole
/// renamed over the old file (`AtomicFile`). A file that is not such an object is ignored
/// with a note, and replaced at the next write.
struct CacheFile {
  let path: String
  var limits = ValueCache.Limits.standard

  /// The user's cache file, as the XDG base directories say (a relative `XDG_CACHE_HOME` is
  /// ignored, as the specification asks).
  static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> CacheFile {
    let xdg = environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
    let base =
      xdg ?? ((environment["HOME"] ?? NSHomeDirectory()) as NSString).appendingPathComponent(".cache")
    return CacheFile(path: (base as NSString).appendingPathComponent("pipe/cache.json"))
  }

  /// At most 4 MiB of the file is read (`AtomicFile`): a larger one is refused with a note.
  private var file: AtomicFile { AtomicFile(path: path, limit: 4 << 20) }

  /// The entries kept, least recently used first; a note when the file is there but cannot
  /// be used.
  func load() -> (entries: [(key: String, value: Value)], note: String?) {
    let read: [UInt8]?
    do {
      read = try file.read()
    } catch {
      return ([], "\(error); starting with an empty cache")
    }
    guard let bytes = read else { return ([], nil) }
    do {
      return (try CacheFormat.decode(bytes), nil)
    } catch {
      return ([], "the cache file \(path) \(error); starting with an empty cache")
    }
  }

  /// Makes `used` (least recently used first) the most recently used entries of the file as
  /// it is now, and drops the least recently used beyond the limits.
  func merge(_ used: [(key: String, value: Value)]) throws {
    try file.update { old in
      let previous = (try? old.map(CacheFormat.decode)) ?? []  // a file that is not a cache is replaced
      return CacheFormat.encode(CacheFormat.merged(previous, using: used, limits: limits))
    }
  }
}

extension ValueCache {
  /// A cache of `catch cache`'s values kept in `file`: read when first needed, written by
  /// `Session.saveCache()`. Problems are notes on `output`, never failures (a cache is a
  /// convenience).
  static func kept(in file: CacheFile, output: any PipeDSL.OutputStream) -> ValueCache {
    let cache = ValueCache(limits: file.limits) {
      let (entries, note) = file.load()
      if let note { output.errorLine("note: \(note)") }
      return entries
    }
    var warned = false
    cache.keeper = { used in
      do {
        try file.merge(used)
      } catch {
        if !warned { output.errorLine("note: the cache was not saved: \(error)") }
        warned = true
      }
    }
    return cache
  }
}

extension Session {
  /// Writes the cache entries the statements since the last call used, if the cache is kept
  /// in a file: once per statement, however many values it stored.
  nonisolated func saveCache() {
    loop.sync {
      let used = runtime.cache.takeUsed()
      if !used.isEmpty { runtime.cache.keeper?(used) }
    }
  }
}
