import Operators

/// Checks a parsed program against the catalogue and compiles it into runnable pipelines.
///
/// Checking and compiling are one walk: every stage's entry reads its words through readers
/// that report diagnostics, and only a program without errors is ever run. The compiler
/// lives as long as a session, so `let` names stay defined from one line to the next.
///
///     let compiler = Compiler(catalogue: .standard, settings: Settings())
///     let statements = compiler.compile(Parser.parse("just 1 | map { . + 1 }").tree)
///     compiler.diagnostics  // []
public final class Compiler {
  public var catalogue: Catalogue
  public let settings: Settings
  /// The plugins: asked about a name after the catalogue and the `let` names.
  public let sources: (any ExternalSources)?
  /// The plugins that have been said to hide another plugin of their name (said once).
  var notedPlugins: Set<String> = []
  /// `let` names and their pipelines.
  public private(set) var bindings: [String: CompiledPipeline] = [:]
  /// `let` names of this text whose pipeline has an error: a use says so in a line, rather
  /// than looking for the name among plugins and every name known (which made each use of a
  /// long chain after its broken link cost as much as the names before it).
  var failedBindings: Set<String> = []
  /// Everything reported since the last `compile`.
  public internal(set) var diagnostics: [Diagnostic] = []
  /// The graph of the statement being compiled.
  var graph = Graph()
  /// The stages of every `let` compiled so far, for the labels of the statements that use them.
  var boundNodes: [Graph.Node] = []
  /// What the statement being compiled starts before it subscribes (hot timelines), the
  /// `let` names' it uses included.
  var starters: [(Env) -> Void] = []
  /// The text being compiled, and where the statement before this one ended.
  var source: SourceFile?
  var previousStatementEnd: Int?
  private var nextNode = 0
  /// How many `clients` stages the pipeline being compiled is inside: there `weather` and
  /// `airquality` are the shared simulated services, known without their plugins.
  var clientsDepth = 0

  public init(catalogue: Catalogue = .standard, settings: Settings, sources: (any ExternalSources)? = nil) {
    self.catalogue = catalogue
    self.settings = settings
    self.sources = sources
  }

  /// The plugin sources known without starting any plugin, by name.
  public var externalSources: [String: ExternalSourceInfo] {
    Dictionary((sources?.knownSources ?? []).map { ($0.name, $0) }) { first, _ in first }
  }

  /// Whether anything reported since the last `compile` is an error.
  public var hasErrors: Bool { diagnostics.contains(where: \.isError) }

  func report(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }

  /// Compiles every statement; check `hasErrors` before running any of them. A text with an
  /// error runs nothing, and so leaves every `let` name as it was before it: a name it
  /// defined anew is gone again, a name it redefined means what it meant.
  public func compile(_ program: Program) -> [CompiledStatement] {
    diagnostics = []
    failedBindings = []
    var result: [CompiledStatement] = []
    let before = (bindings: bindings, boundNodes: boundNodes)
    source = program.file
    previousStatementEnd = nil
    defer { source = nil }
    for statement in program.statements {
      defer { previousStatementEnd = statement.kind.isPipeline ? statement.span.end : nil }
      guard let compiled = compile(statement) else { continue }
      result.append(compiled)
    }
    if hasErrors { (bindings, boundNodes) = before }
    return result
  }

  /// Allocates a graph node for a stage.
  func addNode(for stage: Stage, name: String, parent: Int?, role: CatalogueEntry.Role) -> Int {
    let id = nextNode
    nextNode += 1
    graph.add(
      Graph.Node(
        id: id, label: Graph.label(of: stage.text), span: stage.span, name: name, parent: parent, role: role
      ))
    return id
  }

  func define(_ name: String, _ pipeline: CompiledPipeline) { bindings[name] = pipeline }

  /// Has the statement being compiled run `start` when it starts, before it subscribes.
  func startWithStatement(_ start: @escaping (Env) -> Void) { starters.append(start) }

  /// Checks that a setting exists (a plugin's is learnt from its plugin, `weather.apiKey`
  /// from `weather`); reports it with "did you mean" otherwise.
  func checkSetting(_ name: Name) -> String? {
    if settings.isKnown(name.text) { return name.text }
    if let dot = name.text.firstIndex(of: "."), let sources {
      switch sources.lookUp(settingsOf: String(name.text[..<dot])) {
      case .found(let definitions, let note):
        define(definitions)
        noteOnce(note, plugin: String(name.text[..<dot]), at: name.span)
        if settings.isKnown(name.text) { return name.text }
      case .unavailable(let plugin, let error):
        report(.pluginUnavailable(plugin, error, at: name.span))
        return nil
      case .unknown: break
      }
    } else if let sources {
      // `apiKey`: the plugins' settings are what it may mean (`weather.apiKey`); only on this
      // error path are the plugins asked for them.
      for plugin in Set(sources.knownSources.map(\.plugin) + Self.builtInPlugins).sorted() {
        if case .found(let definitions, _) = sources.lookUp(settingsOf: plugin) { define(definitions) }
      }
    }
    report(
      .unknownSetting(
        name,
        help: Suggestions.didYouMean(name.text, in: settings.keys)
          ?? Self.settingsEnding(in: name.text, settings.keys)))
    return nil
  }

  /// The plugins built with pipe, whose settings a bare name may mean before any has started.
  static let builtInPlugins = ["weather", "airquality", "random"]

  /// `did you mean 'weather.apiKey' or 'airquality.apiKey'?` for `apiKey`: the settings whose
  /// last part is the name written, the weather's first (the book's service).
  static func settingsEnding(in name: String, _ keys: [String]) -> String? {
    let matches = keys.filter { $0.hasSuffix("." + name) }.sorted {
      ($0.hasPrefix("weather.") ? 0 : 1, $0) < ($1.hasPrefix("weather.") ? 0 : 1, $1)
    }
    guard !matches.isEmpty else { return nil }
    return "did you mean " + matches.prefix(3).map { "'\($0)'" }.joined(separator: " or ") + "?"
  }
}
