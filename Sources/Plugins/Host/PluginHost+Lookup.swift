import Dispatch
import PluginProtocol

/// What looking up a source found.
public enum SourceLookup: Sendable {
  /// The plugin that offers it.
  case found(PluginInfo)
  /// The plugin named like the source could not start (or said no valid hello).
  case unavailable(plugin: String, PluginHostError)
  /// No plugin offers it; `problems` are the plugins that could not start.
  case unknown(problems: [PluginProblem])
}

extension PluginHost {
  /// The plugin that offers `source`, starting only what is needed: a plugin whose hello is known
  /// (from its process, or from the hello cache while its file is unchanged) is not started.
  ///
  /// In order: a plugin loaded by hand that offers it; the plugin of the same name (`weather`
  /// for `weather`), started if its hello is not known, and tried again if it failed before;
  /// then the first of the others by name, after learning the hellos of those not known yet
  /// (all at once; not those that could not start before, while their file is unchanged).
  /// Blocks until the plugins it starts have said hello (at most the deadline).
  public func lookup(source: String) -> SourceLookup {
    refresh()
    let byHand = registry.records.withLock { records in
      records.values.filter(\.loadedByHand).sorted { $0.name < $1.name }.compactMap(\.info)
    }
    if let plugin = byHand.first(where: { $0.offers(source) }) { return .found(plugin) }
    switch plugin(named: source) {
    case .success(let plugin)? where plugin.offers(source): return .found(plugin)
    case .failure(let error)?: return .unavailable(plugin: source, error)
    default: break
    }
    let unknown = registry.records.withLock { records in
      records.values.filter { $0.hello == nil && $0.problem == nil }.map(\.name)
    }
    learnHellos(of: unknown, logging: true)
    let others = registry.records.withLock { $0.values.compactMap(\.info) }.sorted { $0.name < $1.name }
    if let plugin = others.first(where: { $0.offers(source) }) { return .found(plugin) }
    return .unknown(problems: problems)
  }

  /// `lookup(source:)` on another thread; `then` is called through `deliver`, on the engine
  /// loop (where it was made: that is what makes passing it across threads sound).
  public func lookupLater(source: String, then: @escaping (SourceLookup) -> Void) {
    let deliver = context.deliver
    let callback = LoopBound(then)
    DispatchQueue.global().async { [self] in
      let found = lookup(source: source)
      deliver { callback.value(found) }
    }
  }

  /// The plugin named `name`, as its hello describes it: known, or learnt by starting it (a
  /// plugin that failed before is tried again). Nil if no plugin has that name.
  public func plugin(named name: String) -> Result<PluginInfo, PluginHostError>? {
    if registry.records.withLock({ $0[name] }) == nil { refresh() }
    guard let record = registry.records.withLock({ $0[name] }) else { return nil }
    if let info = record.info { return .success(info) }
    learnHellos(of: [name], logging: false)
    return registry.records.withLock { records in
      guard let record = records[name] else { return nil }
      if let info = record.info { return .success(info) }
      return .failure(record.problem ?? PluginHostError("plugin '\(name)' said no hello"))
    }
  }

  /// Every plugin whose hello is known without starting any, after looking for plugins again:
  /// from its process, or from the hello cache while its file is unchanged; sorted by name.
  public func pluginsKnownWithoutStarting() -> [PluginInfo] {
    refresh()
    return knownPlugins
  }

  /// Every plugin whose hello is known, without starting any, sorted by name.
  public var knownPlugins: [PluginInfo] {
    registry.records.withLock { $0.values.compactMap(\.info) }.sorted { $0.name < $1.name }
  }

  /// Starts the plugins `names` (at once), waits for their hellos, and notes who could not
  /// start; with `logging`, that goes to the log too.
  func learnHellos(of names: [String], logging: Bool) {
    let started = names.map { name in (name, runningProcess(for: name)) }
    for (name, process) in started {
      switch process.flatMap({ $0.waitForHello(timeout: options.deadline) }) {
      case .success: break
      case .failure(let error):
        noteProblem(name, error)
        if logging { context.log(name, error.message) }
      }
    }
  }
}

extension PluginInfo {
  /// Whether the plugin has a source named `name`.
  public func offers(_ name: String) -> Bool {
    sources.contains { $0.name == name }
  }
}

/// A value made on the engine loop and used there only, carried across another thread.
private struct LoopBound<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
