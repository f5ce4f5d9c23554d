import Operators
import PipeDSL
import PluginHost
import PluginProtocol

/// The plugins' sources, as the language sees them: names and parameters from each
/// plugin's hello, and streams over the host's subscriptions.
///
/// A reply's `after_ms` is applied on the session's own clock, counted from the previous
/// event (or the subscription), and the virtual clock never runs past the due time of the
/// last reply until the next one arrives (see `PluginCall`), so simulated sources give the
/// same timing on every run.
public final class PluginSources: ExternalSources {
  public let host: PluginHost
  /// What a request may reach and carry (docs/PERMISSIONS.md).
  let permissions: Permissions
  /// Where a note about a request goes: a key kept back from a host a script chose.
  let notes: (String) -> Void
  /// The plugin each source was last found in (on the loop).
  private var pluginOfSource: [String: String] = [:]

  public init(
    host: PluginHost, permissions: Permissions = .unrestricted, notes: @escaping (String) -> Void = { _ in }
  ) {
    self.host = host
    self.permissions = permissions
    self.notes = notes
  }

  public func lookUp(source name: String) -> ExternalLookup<ExternalSourceInfo> {
    switch host.lookup(source: name) {
    case .found(let plugin):
      found(name, in: plugin)
      let info = Self.sources(of: [plugin]).first { $0.name == name }!
      return .found(info, note: Self.note(for: plugin) ?? note(forSource: name, of: plugin))
    case .unavailable(let plugin, let error):
      return .unavailable(plugin: plugin, error: PipeError(kind: error.kind, message: error.message))
    case .unknown(let problems):
      guard !problems.isEmpty else { return .unknown(help: nil) }
      let names = problems.map { "'\($0.name)'" }.joined(separator: ", ")
      return .unknown(help: "plugins that could not start: \(names) (:plugins says why)")
    }
  }

  public func lookUp(settingsOf plugin: String) -> ExternalLookup<[Settings.Definition]> {
    switch host.plugin(named: plugin) {
    case .success(let info)?: .found(Self.settings(of: info), note: Self.note(for: info))
    case .failure(let error)?:
      .unavailable(plugin: plugin, error: PipeError(kind: error.kind, message: error.message))
    case nil: .unknown(help: nil)
    }
  }

  public var knownSources: [ExternalSourceInfo] { Self.sources(of: host.knownPlugins) }

  /// Notes that `source` is `plugin`'s, for the streams of it subscribed from now on.
  func found(_ source: String, in plugin: PluginInfo) {
    pluginOfSource[source] = plugin.name
  }

  /// Every plugin, as its hello describes it: those loaded by hand first, then by name. Starts
  /// the plugins whose hello is not known yet; `retryingProblems` tries those that could not
  /// start again too.
  public func allPlugins(retryingProblems: Bool = false) -> [PluginInfo] {
    Self.ordered(host.catalog(retryingProblems: retryingProblems))
  }

  /// Every source of every plugin (see `allPlugins`), each once: a source offered by two
  /// plugins belongs to the one loaded by hand, else to the plugin of its name, else to the
  /// first by name.
  public func allSources() -> [ExternalSourceInfo] { Self.sources(of: allPlugins()) }

  /// The plugins, to list, load and stop, off the loop.
  public var providers: any SourceProviders { PluginProviders(host: host, permissions: permissions) }

  /// The sources of `plugins`, each once, sorted by name (see `allSources`).
  public static func sources(of plugins: [PluginInfo]) -> [ExternalSourceInfo] {
    let ordered = ordered(plugins)
    var owners: [String: PluginInfo] = [:]
    for plugin in ordered where plugin.loadedByHand {
      for source in plugin.sources where owners[source.name] == nil { owners[source.name] = plugin }
    }
    for plugin in ordered where plugin.offers(plugin.name) && owners[plugin.name] == nil {
      owners[plugin.name] = plugin
    }
    for plugin in ordered {
      for source in plugin.sources where owners[source.name] == nil { owners[source.name] = plugin }
    }
    return owners.sorted { $0.key < $1.key }.map { name, plugin in
      source(plugin.sources.first { $0.name == name }!, of: plugin)
    }
  }

  /// A source of `plugin`, as the language knows it.
  static func source(_ source: SourceSpec, of plugin: PluginInfo) -> ExternalSourceInfo {
    ExternalSourceInfo(
      name: source.name, plugin: plugin.name, doc: source.doc,
      parameters: source.params.map {
        .init(
          name: $0.name, type: $0.type.rawValue, defaultValue: $0.defaultValue.map(Value.init), doc: $0.doc)
      },
      example: source.example, settings: settings(of: plugin))
  }

  /// A plugin as the language lists it.
  static func provider(_ plugin: PluginInfo) -> ProviderInfo {
    ProviderInfo(
      name: plugin.name, version: plugin.version, path: plugin.path, loadedByHand: plugin.loadedByHand,
      hides: plugin.hides, sources: plugin.sources.map { source($0, of: plugin) },
      settings: settings(of: plugin))
  }

  /// Loaded by hand first, then by name.
  static func ordered(_ plugins: [PluginInfo]) -> [PluginInfo] {
    let sorted = plugins.sorted { $0.name < $1.name }
    return sorted.filter(\.loadedByHand) + sorted.filter { !$0.loadedByHand }
  }

  /// A plugin's settings as the language knows them.
  static func settings(of plugin: PluginInfo) -> [Settings.Definition] {
    plugin.settings.map { spec in
      Settings.Definition(
        key: spec.key, defaultValue: spec.defaultValue.map(Value.init) ?? .null, doc: spec.doc,
        type: SettingType(rawValue: spec.type.rawValue), allowed: spec.allowed?.map(Value.init),
        range: spec.minimum == nil && spec.maximum == nil
          ? nil : (spec.minimum ?? -.infinity)...(spec.maximum ?? .infinity),
        secret: spec.secret)
    }
  }

  /// What to say when a plugin hides another of its name: it gets that one's settings.
  static func note(for plugin: PluginInfo) -> String? {
    guard let hidden = plugin.hides.first else { return nil }
    return "plugin '\(plugin.name)' is \(plugin.path), which hides \(hidden); "
      + "the \(plugin.name).* settings go to it"
  }

  /// What to say when another known plugin offers a source of the same name too.
  private func note(forSource name: String, of plugin: PluginInfo) -> String? {
    guard let other = host.knownPlugins.first(where: { $0.name != plugin.name && $0.offers(name) }) else {
      return nil
    }
    return "source '\(name)' is plugin '\(plugin.name)''s; plugin '\(other.name)' offers one too"
  }

  public func observe(
    source: String, arguments: [(name: String, value: Value)], settings: Settings, attempt: Int,
    scheduler: any Scheduler
  ) -> Observable<Value> {
    guard let plugin = pluginOfSource[source] else {
      return .error(PipeError(kind: "pluginCrashed", message: "no plugin offers the source '\(source)'"))
    }
    var args = JSONObject()
    for (name, value) in arguments { args[name] = value.json }
    // Asked at each request: a script may have moved the plugin elsewhere since the last.
    let allowed: [String: Value]
    switch permissions.request(plugin: plugin, settings: settings, notes: notes) {
    case .success(let settings): allowed = settings
    case .failure(let refused): return .error(refused)
    }
    var visible = JSONObject()
    for (key, value) in allowed.sorted(by: { $0.key < $1.key }) where value != .null {
      visible[key] = value.json
    }
    let host = self.host
    return Observable.create { observer in
      PluginCall(scheduler: scheduler, observer: observer).start { handler in
        host.subscribeHolding(
          plugin: plugin, source: source, args: args, settings: visible, attempt: attempt, handler: handler)
      }
    }
  }
}

/// The plugins of a `PluginSources`, as the command line lists, loads and stops them.
struct PluginProviders: SourceProviders {
  let host: PluginHost
  let permissions: Permissions

  func listing(retryingProblems: Bool) -> ProviderListing {
    let plugins = PluginSources.ordered(host.catalog(retryingProblems: retryingProblems))
    return ProviderListing(
      providers: plugins.map(PluginSources.provider), sources: PluginSources.sources(of: plugins),
      problems: host.problems.map { .init(name: $0.name, path: $0.path, message: $0.message) },
      searched: host.directories)
  }

  /// Notes that the plugin was started by path (`Permissions.loaded`).
  func load(path: String) -> Result<ProviderInfo, PipeError> {
    do {
      let info = try host.load(path: path)
      permissions.loaded(plugin: info.name)
      return .success(PluginSources.provider(info))
    } catch {
      return .failure(PipeError(kind: error.kind, message: error.message))
    }
  }

  func stop(logsWithin: Duration) { host.shutdown(logsWithin: logsWithin) }
}
