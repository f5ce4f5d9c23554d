import Foundation
import PipeDSL
import PluginBridge

/// What the prompt's `:plugins` and `:plugin load PATH` print. Call them off the session's
/// loop: starting a plugin waits for its hello (at most the plugin deadline).
enum PluginCommands {
  /// `:plugins`: every plugin with its version and path, the plugins of the same name it
  /// hides, its sources with their parameters, and the plugins that could not start (tried
  /// again now).
  static func list(_ session: Session) -> String {
    guard let listing = session.learnAllPlugins(retryingProblems: true) else {
      return "no plugin host in this session"
    }
    let plugins = listing.providers
    let builtIns = session.loop.sync {
      Set(plugins.flatMap(\.sources).map(\.name).filter { session.compiler.catalogue.lookup($0) != nil })
    }
    let owners = Dictionary(listing.sources.map { ($0.name, $0.plugin) }) { first, _ in first }
    var lines: [String] = []
    for plugin in plugins {
      lines.append(describe(plugin))
      for hidden in plugin.hides {
        lines.append("  hides \(hidden) (the \(plugin.name).* settings go to this one)")
      }
      for source in plugin.sources {
        var line = "  " + signature(of: source)
        if builtIns.contains(source.name) {
          line += "   (hidden: pipe has an operator named '\(source.name)')"
        } else if let owner = owners[source.name], owner != plugin.name {
          line += "   (hidden: plugin '\(owner)' offers it too)"
        }
        lines.append(line)
      }
    }
    for problem in listing.problems where !plugins.contains(where: { $0.path == problem.path }) {
      lines.append("\(problem.name)  could not start: \(problem.message)")
    }
    if lines.isEmpty {
      return "no plugins found (searched \(listing.searched.joined(separator: ", ")))"
    }
    return lines.joined(separator: "\n")
  }

  /// `:plugin load PATH`: starts the plugin at `path` (relative to the working directory, `~`
  /// expanded); from then on it answers to its name ahead of any plugin found by searching.
  static func load(_ path: String, _ session: Session) throws(CommandError) -> String {
    guard let providers = session.loop.sync({ session.services.sources?.providers }) else {
      throw .problem("no plugin host in this session")
    }
    let absolute = absolutePath(path)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory), !isDirectory.boolValue
    else { throw .problem("no plugin file at \(absolute)") }
    guard FileManager.default.isExecutableFile(atPath: absolute) else {
      throw .problem("\(absolute) is not executable (chmod +x it, and give a script a #! line)")
    }
    let info: ProviderInfo
    switch providers.load(path: absolute) {
    case .success(let loaded): info = loaded
    case .failure(let error): throw .problem("cannot load \(absolute): \(error.message)")
    }
    session.learnAllPlugins()
    let sourceLines = info.sources.map { "  " + signature(of: $0) }
    return (["loaded " + describe(info)] + sourceLines).joined(separator: "\n")
  }

  /// `weather 1.0.0  /path/to/pipe-plugin-weather`
  static func describe(_ plugin: ProviderInfo) -> String {
    "\(plugin.name) \(plugin.version)  \(plugin.path)\(plugin.loadedByHand ? "  (loaded by hand)" : "")"
  }

  /// `roll(count: int = 1, sides: int = 6)`; a parameter without a default is required.
  static func signature(of source: ExternalSourceInfo) -> String {
    let parameters = source.parameters.map { parameter in
      let type = "\(parameter.name): \(parameter.type)"
      return parameter.defaultValue.map { "\(type) = \($0.literal)" } ?? type
    }
    return "\(source.name)(\(parameters.joined(separator: ", ")))"
  }

  private static func absolutePath(_ path: String) -> String {
    let expanded = HomeFolder.expand(path)
    guard !expanded.hasPrefix("/") else { return (expanded as NSString).standardizingPath }
    let base = FileManager.default.currentDirectoryPath
    return ((base as NSString).appendingPathComponent(expanded) as NSString).standardizingPath
  }
}
