import Operators

/// Sources provided from outside the language: the plugins. The compiler asks it about the
/// names the catalogue and the `let` names do not have, one name at a time, when it meets
/// them; a running stage asks it for a stream when it is subscribed.
public protocol ExternalSources: AnyObject {
  /// The source named `name` (on the loop, while a text is checked). It may start the plugin
  /// that offers it and wait for its hello.
  func lookUp(source name: String) -> ExternalLookup<ExternalSourceInfo>

  /// The settings of the plugin named `plugin` (the namespace of `weather.apiKey` is
  /// `weather`), for `set` and for reading a setting.
  func lookUp(settingsOf plugin: String) -> ExternalLookup<[Settings.Definition]>

  /// The sources known without starting any plugin: for "did you mean", completion, `:help`.
  var knownSources: [ExternalSourceInfo] { get }

  /// A stream of the source's values for one subscription. `arguments` are those written,
  /// by parameter name, in the parameters' order; a parameter left out is absent.
  func observe(
    source: String, arguments: [(name: String, value: Value)], settings: Settings, attempt: Int,
    scheduler: any Scheduler
  ) -> Observable<Value>

  /// A stream of a source whose plugin could not start when the text was checked: the plugin
  /// is started again, and `arguments` (by position, or labeled) are bound to its parameters
  /// once it has said hello. `failure`, if given, is what the check met: the first subscription
  /// fails with it at once rather than start the plugin twice in a row.
  func observe(
    unavailable source: String, failure: PipeError?, arguments: [(label: String?, value: Value)],
    settings: Settings, attempt: Int, scheduler: any Scheduler
  ) -> Observable<Value>

  /// What provides the sources: to list, load and stop them, off the loop.
  var providers: any SourceProviders { get }
}

/// What looking up a name outside the language found.
public enum ExternalLookup<Found> {
  /// Found. `note`, if any, is said once as a warning where the name is first used: a plugin
  /// that hides another of its name (and gets its settings).
  case found(Found, note: String?)
  /// The plugin that would answer could not start: the error a use of it meets
  /// (`pluginCrashed`, `timeout`, `badResponse`), its message saying why.
  case unavailable(plugin: String, error: PipeError)
  /// No plugin offers it; `help`, if any, names the plugins that could not start.
  case unknown(help: String?)
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
