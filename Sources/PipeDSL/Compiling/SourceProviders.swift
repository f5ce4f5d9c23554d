/// What provides the external sources (the plugins), for the command line's `:plugins`,
/// `:plugin load PATH`, completion and the end of a run. Called off the loop: starting a
/// provider waits for it (at most the plugin deadline).
public protocol SourceProviders: Sendable {
  /// Every provider, those loaded by hand first, then by name; those whose description is not
  /// known yet are started, and with `retryingProblems` those that could not start are tried
  /// again.
  func listing(retryingProblems: Bool) -> ProviderListing

  /// Starts the provider at `path` (`:plugin load PATH`); from then on it answers to its
  /// name ahead of any found by searching. Loaded while a script runs, it is the script's
  /// choice and gets none of the person's secrets (docs/PERMISSIONS.md).
  func load(path: String) -> Result<ProviderInfo, PipeError>

  /// Stops every provider at the end of a run, once what they logged within `logsWithin`
  /// has been shown.
  func stop(logsWithin: Duration)
}

/// One provider of sources (a plugin), as its description (hello) says.
public struct ProviderInfo: Sendable {
  public var name: String
  public var version: String
  /// The executable's path.
  public var path: String
  /// Started by `:plugin load PATH` rather than found by searching.
  public var loadedByHand: Bool
  /// The paths of the providers of the same name it hides.
  public var hides: [String]
  /// Its sources, in its own order.
  public var sources: [ExternalSourceInfo]
  /// Its settings (`weather.apiKey`, ...).
  public var settings: [Settings.Definition]

  public init(
    name: String, version: String, path: String, loadedByHand: Bool, hides: [String],
    sources: [ExternalSourceInfo], settings: [Settings.Definition]
  ) {
    self.name = name
    self.version = version
    self.path = path
    self.loadedByHand = loadedByHand
    self.hides = hides
    self.sources = sources
    self.settings = settings
  }
}

/// Every provider, and what could not start.
public struct ProviderListing: Sendable {
  /// A provider that could not start, and why.
  public struct Problem: Sendable {
    public var name: String
    public var path: String
    public var message: String

    public init(name: String, path: String, message: String) {
      self.name = name
      self.path = path
      self.message = message
    }
  }

  /// Loaded by hand first, then by name.
  public var providers: [ProviderInfo]
  /// Every source, each once, sorted by name: a source offered by two providers is the
  /// one's that was loaded by hand, else the one's of its name, else the first's by name.
  public var sources: [ExternalSourceInfo]
  public var problems: [Problem]
  /// Where providers were looked for.
  public var searched: [String]

  public init(
    providers: [ProviderInfo], sources: [ExternalSourceInfo], problems: [Problem], searched: [String]
  ) {
    self.providers = providers
    self.sources = sources
    self.problems = problems
    self.searched = searched
  }
}

extension Session {
  /// Every provider (see `SourceProviders.listing`), its settings made known: for listings
  /// and completion. Nil in a session without external sources. Call it off the loop.
  @discardableResult
  public nonisolated func learnAllPlugins(retryingProblems: Bool = false) -> ProviderListing? {
    guard let providers = loop.sync({ services.sources?.providers }) else { return nil }
    let listing = providers.listing(retryingProblems: retryingProblems)
    loop.sync {
      let settings = runtime.settings
      for definition in listing.providers.flatMap(\.settings) where !settings.isKnown(definition.key) {
        settings.define(definition)
      }
    }
    return listing
  }

  /// Stops the providers at the end of a run, once the lines they logged have been shown.
  public nonisolated func stopPlugins() {
    guard let providers = loop.sync({ services.sources?.providers }) else { return }
    providers.stop(logsWithin: .milliseconds(500))
    loop.sync {}
  }
}
