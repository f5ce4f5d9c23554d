import Foundation
import PluginProtocol

extension PluginHost {
  /// How the host finds and supervises plugins.
  public struct Options: Sendable {
    /// How long a subscription may go without a message from its plugin before it fails with
    /// `timeout`; every message of the subscription starts the wait anew. A plugin that has said
    /// nothing at all for that long (no hello, no message for any subscription) is presumed stuck:
    /// it is killed, and restarted on the next subscribe.
    public var deadline: Duration = .seconds(10)
    /// The directories searched for `pipe-plugin-*` executables, highest precedence first;
    /// nil means the default (`Discovery.defaultDirectories`): `PIPE_PLUGIN_PATH`,
    /// `$XDG_DATA_HOME/pipe/plugins`, `~/.pipe/plugins`, the running executable's directory and
    /// `../libexec/pipe` beside it, then `PATH`.
    public var directories: [String]? = nil
    /// Variables added to every plugin's environment (on top of the host's own, and
    /// `SWIFT_BACKTRACE=enable=no`, which makes a crashing Swift plugin die at once).
    public var environment: [String: String] = [:]
    /// The file where the plugins' hellos are remembered between runs (see `HelloCache`); nil
    /// keeps them for the host's life only.
    public var helloCache: String? = nil
    /// The host's version, as its hello says it to a plugin of protocol 2 or later.
    public var hostVersion: String = "0"
    /// Whether this process starts no child but plugins (`pipe` itself): it then becomes the
    /// subreaper of their descendants, and kills every child that is no running plugin (what a
    /// plugin that ended left behind, a process that called setsid() too), when a plugin ends
    /// and when it ends itself. A process with children of its own (a test) leaves it off.
    public var adoptsOrphans: Bool = false

    public init(
      deadline: Duration = .seconds(10), directories: [String]? = nil, environment: [String: String] = [:],
      helloCache: String? = nil, hostVersion: String = "0", adoptsOrphans: Bool = false
    ) {
      self.adoptsOrphans = adoptsOrphans
      self.deadline = deadline
      self.directories = directories
      self.environment = environment
      self.helloCache = helloCache
      self.hostVersion = hostVersion
    }
  }
}

/// A plugin as its hello describes it, and where it lives.
public struct PluginInfo: Sendable, Hashable {
  public var name: String
  public var version: String
  /// The executable.
  public var path: String
  public var sources: [SourceSpec]
  public var settings: [SettingSpec]
  public var errors: [String]
  /// Added with `load(path:)`: its sources come before those of plugins found by searching.
  public var loadedByHand: Bool
  /// The plugin files of the same name it hides, found later in the search: it gets their
  /// settings (`weather.apiKey` too).
  public var hides: [String]

  init(hello: Hello, path: String, loadedByHand: Bool, hides: [String]) {
    self.name = hello.name
    self.version = hello.version
    self.path = path
    self.sources = hello.sources
    self.settings = hello.settings
    self.errors = hello.errors
    self.loadedByHand = loadedByHand
    self.hides = hides
  }
}

/// A plugin that was found but could not start or said no valid hello.
public struct PluginProblem: Sendable, Hashable {
  public var name: String
  public var path: String
  public var message: String
}

/// Why a plugin could not be loaded.
public struct PluginHostError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The error kind a use of the plugin meets: `pluginCrashed`, `timeout` (no hello within the
  /// deadline) or `badResponse` (no valid hello).
  public var kind: String
  public var message: String

  public init(_ message: String, kind: String = HostErrorKind.pluginCrashed) {
    self.kind = kind
    self.message = message
  }

  public var description: String { message }
}

/// The settings a plugin may see: its own namespace (`<name>.*`) and the global settings (keys
/// without a dot). Nothing is renamed: `weather.apiKey` stays `weather.apiKey`.
func visibleSettings(_ settings: JSONObject, to plugin: String) -> JSONObject {
  settings.filter { $0.hasPrefix(plugin + ".") || !$0.contains(".") }
}

/// A duration as messages say it: `10 s`, `250 ms`.
func describe(_ duration: Duration) -> String {
  let milliseconds = nanoseconds(duration) / 1_000_000
  return milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
}

/// A (non-negative) duration in nanoseconds.
func nanoseconds(_ duration: Duration) -> UInt64 {
  let (seconds, attoseconds) = duration.components
  return UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000)
}

/// Nanoseconds since boot, the host's clock for deadlines.
func uptimeNanoseconds() -> UInt64 {
  DispatchTime.now().uptimeNanoseconds
}

/// The hello cache's file, and its entries once read.
struct HelloCacheState {
  let file: HelloCache
  var entries: [String: HelloCache.Entry]?
}
