import Operators

/// Sources provided from outside the language: the plugins.
///
/// The checker asks for the names and parameters (from each plugin's handshake); the
/// compiled stage asks for a stream when it is subscribed.
public protocol ExternalSources: AnyObject {
  /// Every source the plugins offer, by name.
  var catalogue: [ExternalSourceInfo] { get }

  /// A stream of the source's values for one subscription. `arguments` are those written,
  /// by parameter name, in the parameters' order; a parameter left out is absent.
  func observe(
    source: String, arguments: [(name: String, value: Value)], settings: Settings, attempt: Int,
    scheduler: any Scheduler
  ) -> Observable<Value>
}

/// A plugin's source as the checker and `:help` see it.
public struct ExternalSourceInfo: Sendable {
  public struct Parameter: Sendable {
    public var name: String
    public var type: String
    public var defaultValue: Value?
    public var doc: String

    public init(name: String, type: String, defaultValue: Value? = nil, doc: String = "") {
      self.name = name
      self.type = type
      self.defaultValue = defaultValue
      self.doc = doc
    }
  }

  public var name: String
  public var plugin: String
  public var doc: String
  public var parameters: [Parameter]
  public var example: String?
  /// The plugin's settings (`weather.apiKey`, ...), for the checker and `:settings`.
  public var settings: [Settings.Definition]

  public init(
    name: String, plugin: String, doc: String, parameters: [Parameter], example: String? = nil,
    settings: [Settings.Definition] = []
  ) {
    self.name = name
    self.plugin = plugin
    self.doc = doc
    self.parameters = parameters
    self.example = example
    self.settings = settings
  }
}

/// The last good value of every (source, arguments), for `catch cache`.
public final class ValueCache {
  private var values: [String: Value] = [:]
  /// Called after every store, to persist the cache.
  public var onStore: ((String, Value) -> Void)?

  public init(values: [String: Value] = [:]) { self.values = values }

  public func store(_ value: Value, for key: String) {
    values[key] = value
    onStore?(key, value)
  }

  public func value(for key: String) -> Value? { values[key] }

  public var all: [String: Value] { values }

  /// The key of a source called with arguments: `weather("London")`.
  public static func key(source: String, arguments: [Value]) -> String {
    "\(source)(\(arguments.map(\.literal).joined(separator: ", ")))"
  }

  /// The key of a source called with named arguments, `positions` being its parameters in
  /// order: those given from the first parameter on without a gap are written bare, so
  /// `roll(3)` and `roll(count: 3)` share the key `roll(3)`; the rest are labeled.
  public static func key(
    source: String, arguments: [(name: String, value: Value)], positions: [String]
  ) -> String {
    var parts: [String] = []
    var bare = true
    for (index, argument) in arguments.enumerated() {
      bare = bare && positions.indices.contains(index) && positions[index] == argument.name
      parts.append(bare ? argument.value.literal : "\(argument.name): \(argument.value.literal)")
    }
    return "\(source)(\(parts.joined(separator: ", ")))"
  }
}
