import Foundation
import PluginProtocol

/// What the host knows about one plugin.
struct Record {
  var name: String
  var path: String
  /// Added with `load(path:)`: it hides a discovered plugin of the same name.
  var loadedByHand = false
  /// The running process, if any.
  var process: PluginProcess?
  var hello: Hello?
  /// Why it could not be started, and the executable's modification date at the time: the
  /// problem is not retried until the file changes.
  var problem: (message: String, modified: Date?)?

  var hasKnownProblem: Bool {
    guard let problem else { return false }
    return problem.modified == modificationDate(path)
  }

  mutating func noteProblem(_ message: String) {
    problem = (message, modificationDate(path))
  }
}

private func modificationDate(_ path: String) -> Date? {
  (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
}

extension PluginHost {
  /// The directories searched for plugins, highest precedence first.
  public var directories: [String] {
    options.directories ?? Discovery.defaultDirectories()
  }

  /// The plugins found that could not start or said no valid hello (as `catalog()` last saw
  /// them), sorted by name.
  public var problems: [PluginProblem] {
    records.withLock { records in
      records.values.compactMap { record in
        record.problem.map { PluginProblem(name: record.name, path: record.path, message: $0.message) }
      }
    }.sorted { $0.name < $1.name }
  }

  /// Looks for plugins again. A plugin found at another path than before replaces the old one
  /// (which is stopped); plugins loaded by hand stay.
  func refresh() {
    let found = Discovery.scan(
      directories, hiding: options.directories == nil ? Discovery.defaultHidden() : nil)
    let replaced: [PluginProcess] = records.withLock { records in
      var replaced: [PluginProcess] = []
      for (name, path) in found {
        if let record = records[name], record.loadedByHand || record.path == path { continue }
        if let process = records[name]?.process { replaced.append(process) }
        records[name] = Record(name: name, path: path)
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
    if records.withLock({ $0[name] }) == nil { refresh() }
    return records.withLock { records in
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
}
