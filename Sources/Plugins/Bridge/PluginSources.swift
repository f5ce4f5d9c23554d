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
  /// The plugins, as their hellos describe them: those loaded by hand first, then by name.
  public private(set) var plugins: [PluginInfo] = []
  public private(set) var catalogue: [ExternalSourceInfo] = []
  private var pluginOfSource: [String: String] = [:]

  public init(host: PluginHost) { self.host = host }

  /// Learns every plugin's sources (starting each plugin once for its hello).
  public func refresh() {
    install(host.catalog())
  }

  /// Adds the plugin at `path` (`:plugin load PATH`).
  @discardableResult
  public func load(path: String) throws -> PluginInfo {
    let info = try host.load(path: path)
    install(host.catalog())
    return info
  }

  /// Takes `plugins` (from `host.catalog()`) as the plugins there are. A source offered by two
  /// plugins belongs to the first: a plugin loaded by hand, else the first by name.
  public func install(_ plugins: [PluginInfo]) {
    let ordered = plugins.filter(\.loadedByHand) + plugins.filter { !$0.loadedByHand }
    var infos: [ExternalSourceInfo] = []
    var owners: [String: String] = [:]
    for plugin in ordered {
      let settings = plugin.settings.map { spec in
        Settings.Definition(
          key: spec.key, defaultValue: spec.defaultValue.map(Value.init) ?? .null, doc: spec.doc,
          type: SettingType(rawValue: spec.type.rawValue), allowed: spec.allowed?.map(Value.init),
          range: spec.minimum == nil && spec.maximum == nil
            ? nil : (spec.minimum ?? -.infinity)...(spec.maximum ?? .infinity),
          secret: spec.secret)
      }
      for source in plugin.sources where owners[source.name] == nil {
        owners[source.name] = plugin.name
        infos.append(
          ExternalSourceInfo(
            name: source.name, plugin: plugin.name, doc: source.doc,
            parameters: source.params.map {
              .init(
                name: $0.name, type: $0.type.rawValue, defaultValue: $0.defaultValue.map(Value.init),
                doc: $0.doc)
            },
            example: source.example, settings: settings))
      }
    }
    self.plugins = ordered
    catalogue = infos.sorted { $0.name < $1.name }
    pluginOfSource = owners
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
    var visible = JSONObject()
    for (key, value) in settings.visible(to: plugin).sorted(by: { $0.key < $1.key }) where value != .null {
      visible[key] = value.json
    }
    let host = self.host
    return Observable.create { observer in
      PluginCall(scheduler: scheduler, observer: observer).start { handler in
        host.subscribe(
          plugin: plugin, source: source, args: args, settings: visible, attempt: attempt, handler: handler)
      }
    }
  }
}

extension Session {
  /// Connects the plugins: their sources and settings join the checker the first time a
  /// text names something unknown, so a text that uses no plugin starts none.
  public func attach(_ sources: PluginSources) {
    loadExternalNames = { [unowned self] in
      sources.refresh()
      self.register(sources.catalogue)
      return !sources.catalogue.isEmpty
    }
  }

  /// Stops the plugins at the end of a run, once the lines they logged have been shown.
  public nonisolated func stopPlugins() {
    guard let host = loop.sync({ (services.sources as? PluginSources)?.host }) else { return }
    host.shutdown(logsWithin: .milliseconds(500))
    loop.sync {}
  }

  /// Makes the checker know exactly the plugin sources of `catalogue`, and their settings
  /// (on the loop): after `:plugin load`, a source may have changed hands or gone.
  public func replacePluginSources(with catalogue: [ExternalSourceInfo]) {
    compiler.externalSources = [:]
    register(catalogue)
  }

  /// Adds plugin sources and their settings to the checker (on the loop).
  public func register(_ catalogue: [ExternalSourceInfo]) {
    for info in catalogue {
      compiler.externalSources[info.name] = info
      for definition in info.settings where !runtime.settings.isKnown(definition.key) {
        runtime.settings.define(definition)
      }
    }
  }
}
