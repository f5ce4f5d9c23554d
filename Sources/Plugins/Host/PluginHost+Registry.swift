import Foundation
import PluginProtocol
import Synchronization

/// The plugins the host knows, by name, and who is told of a hello. A class, so that the
/// processes' `retired` and `greeted` callbacks and the watchdog can hold it weakly: the
/// registry holds the processes, and each process holds those callbacks.
final class Registry: Sendable {
  let records = Mutex<[String: Record]>([:])
  let greeted = Mutex<(@Sendable (PluginProcess, Hello) -> Void)?>(nil)
}

/// What the host knows about one plugin.
struct Record {
  var name: String
  var path: String
  /// Added with `load(path:)`: it hides a discovered plugin of the same name.
  var loadedByHand = false
  /// The files of the same name this one hides (found later in the search).
  var hides: [String] = []
  /// The file as it was when `hello` or `problem` was learnt.
  var fingerprint: Fingerprint?
  /// The running process, if any.
  var process: PluginProcess?
  /// What the plugin said, from its process or from the hello cache.
  var hello: Hello?
  /// Why its last start failed (until it says hello, or its file changes).
  var problem: PluginHostError?

  var info: PluginInfo? {
    hello.map { PluginInfo(hello: $0, path: path, loadedByHand: loadedByHand, hides: hides) }
  }
}

extension PluginHost {
  /// The directories searched for plugins, highest precedence first.
  public var directories: [String] {
    options.directories ?? Discovery.defaultDirectories()
  }

  /// The plugins found that could not start or said no valid hello (as last seen), sorted by
  /// name.
  public var problems: [PluginProblem] {
    registry.records.withLock { records in
      records.values.compactMap { record in
        record.problem.map { PluginProblem(name: record.name, path: record.path, message: $0.message) }
      }
    }.sorted { $0.name < $1.name }
  }

  /// Looks for plugins again. A plugin found at another path than before, or whose file has
  /// changed, replaces the old one (which is stopped); plugins loaded by hand stay. A plugin's
  /// hello (or why it could not start) is taken from the hello cache while its file is the same.
  func refresh() {
    let found = Discovery.scan(
      directories, hiding: options.directories == nil ? Discovery.defaultHidden() : nil)
    let remembered = helloCache.withLock { cache in
      if cache.entries == nil { cache.entries = cache.file.load() }
      return cache.entries ?? [:]
    }
    let replaced: [PluginProcess] = registry.records.withLock { records in
      var replaced: [PluginProcess] = []
      for plugin in found {
        let fingerprint = Fingerprint(path: plugin.path)
        if let record = records[plugin.name], record.loadedByHand || record.path == plugin.path,
          record.loadedByHand || record.fingerprint == fingerprint
        {
          records[plugin.name]?.hides = plugin.hides
          continue
        }
        if let process = records[plugin.name]?.process { replaced.append(process) }
        var record = Record(
          name: plugin.name, path: plugin.path, hides: plugin.hides, fingerprint: fingerprint)
        if let entry = remembered[plugin.path], entry.fingerprint == fingerprint {
          record.hello = entry.hello
          record.problem = entry.problem.map { PluginHostError($0) }
        }
        records[plugin.name] = record
      }
      return replaced
    }
    for process in replaced {
      process.fail(
        kind: HostErrorKind.pluginCrashed, message: "plugin '\(process.name)' was replaced", kill: true)
    }
  }

  /// The plugin's running process, started if need be.
  func runningProcess(for name: String) -> Result<PluginProcess, PluginHostError> {
    if registry.records.withLock({ $0[name] }) == nil { refresh() }
    return registry.records.withLock { records in
      guard let record = records[name] else {
        let searched = directories.joined(separator: ", ")
        return .failure(PluginHostError("no plugin named '\(name)' (searched \(searched))"))
      }
      if let process = record.process, !process.isRetired { return .success(process) }
      let process = PluginProcess(
        path: record.path, name: name, checksName: !record.loadedByHand, context: context)
      do throws(PluginHostError) {
        try process.launch()
      } catch {
        return .failure(error)
      }
      records[name]?.process = process
      return .success(process)
    }
  }

  /// A process of plugin `name` said `hello`: it is what the plugin offers from now on, here and
  /// (for a plugin found by searching) in the hello cache.
  func greeted(_ process: PluginProcess, _ hello: Hello) {
    let entry: (path: String, HelloCache.Entry)? = registry.records.withLock { records in
      guard let record = records[process.name], record.path == process.path else { return nil }
      records[process.name]?.hello = hello
      records[process.name]?.problem = nil
      guard !record.loadedByHand, let fingerprint = record.fingerprint,
        record.hello != hello || record.problem != nil
      else { return nil }
      return (record.path, HelloCache.Entry(fingerprint: fingerprint, hello: hello))
    }
    if let entry { remember(entry.0, entry.1) }
  }

  /// Plugin `name` could not start, or said no valid hello: so noted (and in the hello cache).
  /// A hello it said before is kept: the file has not changed.
  func noteProblem(_ name: String, _ problem: PluginHostError) {
    let entry: (path: String, HelloCache.Entry)? = registry.records.withLock { records in
      guard let record = records[name] else { return nil }
      records[name]?.problem = problem
      guard !record.loadedByHand, let fingerprint = record.fingerprint else { return nil }
      return (
        record.path, HelloCache.Entry(fingerprint: fingerprint, hello: record.hello, problem: problem.message)
      )
    }
    if let entry { remember(entry.0, entry.1) }
  }

  private func remember(_ path: String, _ entry: HelloCache.Entry) {
    helloCache.withLock { cache in
      var entries = cache.entries ?? cache.file.load()
      guard entries[path] != entry else { return }
      entries[path] = entry
      cache.entries = entries
      cache.file.save(entries)
    }
  }
}
