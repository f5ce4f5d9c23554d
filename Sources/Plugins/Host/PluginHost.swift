import CProcess
import Foundation
import PluginProtocol
import Synchronization

/// Finds, starts and supervises plugin processes, and multiplexes subscriptions over them.
///
/// ```swift
/// let host = PluginHost(deliver: { work in loop.async(execute: work) })
/// host.catalog().map(\.name)                       // ["airquality", "random", "weather"]
/// let subscription = host.subscribe(plugin: "weather", source: "weather", args: ["city": "Oslo"],
///                                   settings: ["weather.mode": "sim", "network": "on"]) { event in
///   print(event)   // .next(["city": "Oslo", "temp": 12.5, ...], afterMs: 80), then .completed(afterMs: 0)
/// }
/// subscription.cancel()
/// ```
///
/// Every failure of a plugin becomes an error event on the subscriptions it affects, never a
/// crash of the host: `pluginCrashed` (the plugin exited, crashed, cannot be started, or does not
/// exist), `timeout` (no message for a subscription within the deadline), `badResponse` (a line
/// that is not a valid message, longer than 1 MiB, a wrong protocol version, a hello out of
/// place). The process is then stopped, and the next subscribe starts it again.
///
/// Threads: the host's reader threads and watchdog never call a handler or the log directly;
/// they pass the call to `deliver`, which must run work serially on the engine loop. Call
/// `subscribe` and `PluginSubscription.cancel()` on that loop too. `catalog()` and `load(path:)`
/// block until the plugins they start have said hello (at most the deadline).
public final class PluginHost: Sendable {
  let options: Options
  let context: HostContext
  let registry: Registry
  let helloCache: Mutex<HelloCacheState>
  private let watchdog: Watchdog

  /// - Parameters:
  ///   - log: takes each line a plugin writes to stderr or sends as `log`, with the plugin's
  ///     name; it is called through `deliver`.
  ///   - deliver: runs work on the engine loop (for example `{ queue.async(execute: $0) }`).
  public init(
    options: Options = Options(),
    log: @escaping @Sendable (_ plugin: String, _ line: String) -> Void = { _, _ in },
    deliver: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void
  ) {
    // Writing to a plugin that has died must be an error, not the end of the host (exit 141).
    signal(SIGPIPE, SIG_IGN)
    if options.adoptsOrphans { pipe_plugins_adopt_orphans() }
    let registry = Registry()
    self.options = options
    self.registry = registry
    self.helloCache = Mutex(HelloCacheState(file: HelloCache(path: options.helloCache)))
    self.context = HostContext(
      deliver: deliver, log: { name, line in deliver { log(name, line) } }, deadline: options.deadline,
      environment: options.environment,
      retired: { [weak registry] process in
        registry?.records.withLock { records in
          for (name, record) in records where record.process === process { records[name]?.process = nil }
        }
      },
      greeted: { [weak registry] process, hello in registry?.greeted.withLock { $0 }?(process, hello) },
      hostVersion: options.hostVersion)
    let interval = min(max(options.deadline / 5, .milliseconds(5)), .milliseconds(250))
    self.watchdog = Watchdog(interval: interval) { [weak registry] in
      let processes = registry?.records.withLock { $0.values.compactMap(\.process) } ?? []
      let now = uptimeNanoseconds()
      for process in processes { process.checkDeadlines(now: now) }
    }
    registry.greeted.withLock { $0 = { [weak self] process, hello in self?.greeted(process, hello) } }
  }

  deinit {
    shutdown()
  }

  /// Subscribes to `source` of `plugin`, starting the plugin if it is not running.
  ///
  /// `settings` may hold every setting: the plugin is sent only its own (`<plugin>.*`) and the
  /// global ones (keys without a dot). `handler` is called through `deliver` with the events:
  /// any number of `.next`, then one `.error` or `.completed`; never after `cancel()`.
  public func subscribe(
    plugin: String, source: String, args: JSONObject = [:], settings: JSONObject = [:], attempt: Int = 1,
    handler: @escaping (PluginEvent) -> Void
  ) -> PluginSubscription {
    subscribeHolding(plugin: plugin, source: source, args: args, settings: settings, attempt: attempt) {
      event in
      handler(event)
      return false
    }
  }

  /// `subscribe`, for a handler that may keep events to deliver later (on a clock): it returns
  /// true for an event it keeps, and calls `PluginSubscription.consumed(_:)` once it has passed
  /// it on or dropped it. A plugin is read only while fewer than
  /// `PluginProcess.maxUnconsumedEvents` of its events are unconsumed: past that it blocks on its
  /// writes (backpressure), and memory stays flat whatever it sends.
  public func subscribeHolding(
    plugin: String, source: String, args: JSONObject = [:], settings: JSONObject = [:], attempt: Int = 1,
    handler: @escaping (PluginEvent) -> Bool
  ) -> PluginSubscription {
    let delivery = Delivery(handler: handler, deliver: context.deliver)
    let request = Subscribe(
      id: 0, source: source, args: args, settings: visibleSettings(settings, to: plugin), attempt: attempt)
    var failure = PluginHostError("plugin '\(plugin)' stopped while it was being started")
    // A process may be retired between the look-up and the subscribe: then a new one is started.
    for _ in 0..<3 {
      switch runningProcess(for: plugin) {
      case .failure(let error):
        failure = error
      case .success(let process):
        if let id = process.subscribe(request, delivery: delivery) {
          return PluginSubscription(delivery: delivery, process: process, id: id)
        }
        continue
      }
      break
    }
    delivery.send(
      .error(kind: HostErrorKind.pluginCrashed, message: failure.message, status: nil, afterMs: 0))
    return PluginSubscription(delivery: delivery, process: nil, id: 0)
  }

  /// Every plugin found, as its hello describes it, sorted by name. A plugin whose hello is not
  /// known yet (nor in the hello cache) is started to learn it, and stays running; one that
  /// could not start is left out (see `problems`), its problem sent to the log the first time.
  /// `retryingProblems` tries those again too (`:plugins`).
  public func catalog(retryingProblems: Bool = false) -> [PluginInfo] {
    refresh()
    let unknown = registry.records.withLock { records in
      records.values.filter { $0.hello == nil && (retryingProblems || $0.problem == nil) }.map(\.name)
    }
    learnHellos(of: unknown, logging: true)
    return registry.records.withLock { $0.values.compactMap(\.info) }.sorted { $0.name < $1.name }
  }

  /// Starts the plugin at `path` and waits for its hello; from then on it answers to its name,
  /// ahead of any plugin of that name found by searching. Throws if it cannot start or says no
  /// valid hello within the deadline.
  @discardableResult
  public func load(path: String) throws(PluginHostError) -> PluginInfo {
    let file = URL(fileURLWithPath: path).lastPathComponent
    let process = PluginProcess(
      path: path, name: Discovery.pluginName(file) ?? file, checksName: false, context: context)
    try process.launch()
    let hello = try process.waitForHello(timeout: options.deadline).get()
    let replaced = registry.records.withLock { records in
      defer {
        records[hello.name] = Record(
          name: hello.name, path: path, loadedByHand: true, process: process, hello: hello)
      }
      return records[hello.name]?.process
    }
    replaced?.fail(
      kind: HostErrorKind.pluginCrashed, message: "plugin '\(hello.name)' was replaced by \(path)", kill: true
    )
    return PluginInfo(hello: hello, path: path, loadedByHand: true, hides: [])
  }

  /// Stops every plugin process; their subscriptions fail with `pluginCrashed`. The next
  /// subscribe starts a plugin again.
  ///
  /// With `logsWithin`, waits that long at most for what the plugins wrote before they
  /// stopped to be read, so that every log line has been passed to `deliver` on return (a
  /// program about to exit should then let its loop run what was delivered).
  public func shutdown(logsWithin wait: Duration? = nil) {
    let processes = registry.records.withLock { $0.values.compactMap(\.process) }
    for process in processes {
      process.fail(
        kind: HostErrorKind.pluginCrashed, message: "plugin '\(process.name)' was stopped", kill: true)
    }
    guard let wait else { return }
    let end = DispatchTime.now() + .nanoseconds(Int(nanoseconds(wait)))
    for process in processes { _ = process.readers.wait(timeout: end) }
  }
}
