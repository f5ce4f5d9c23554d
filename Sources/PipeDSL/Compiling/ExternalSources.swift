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
