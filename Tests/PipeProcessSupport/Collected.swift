import Synchronization

/// What other threads hand the test (log lines, messages, failures), in the order they came.
///
///     let logs = Collected<String>()
///     host = PluginHost(log: { plugin, line in logs.append("\(plugin): \(line)") }, ...)
///     logs.all  // every line so far
public final class Collected<Element: Sendable>: Sendable {
  private let items = Mutex<[Element]>([])

  public init() {}

  public func append(_ item: Element) { items.withLock { $0.append(item) } }

  /// Everything appended so far.
  public var all: [Element] { items.withLock { $0 } }
}
