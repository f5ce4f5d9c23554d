import Operators
import PipeDSL
import SourceCore

/// The words Tab can offer, gathered from the session (catalogue, plugins, `let` names,
/// settings) after each statement, so completion never touches the loop.
struct Vocabulary: Sendable {
  /// Source names; those written with a call (`of(`) end in `(`.
  var sources: [String] = []
  /// Every other stage: transforms, combinators, error handling, sinks.
  var operators: [String] = []
  /// The option words each stage takes (`retryWhen`: `max`, `on`).
  var options: [String: [String]] = [:]
  /// Strategy names for `retryWhen`; those that take arguments end in `(`.
  var strategies: [String] = []
  /// The labels each strategy takes (`exponential`: `factor`, `max`, `jitter`, `times`).
  var strategyLabels: [String: [String]] = [:]
  var settings: [String] = []
  /// The values a setting allows: `network`: `"on"`, `"off"`.
  var settingValues: [String: [Value]] = [:]
  /// The sources whose first argument is a place (`weather "London"`), and the places they
  /// know: the cities of the simulated world.
  var placeSources: [String] = []
  var places: [String] = []
  /// `let` names.
  var bindings: [String] = []
  /// Prompt commands with their colon: `:help`.
  var commands: [String] = []
  /// What `:help` knows about besides commands: entries, strategies, topics.
  var helpNames: [String] = []
  /// Numbers of running background jobs.
  var jobs: [String] = []

  /// Reads the session's vocabulary, on the loop.
  @LoopActor static func gather(_ session: Session, commands: [String], topics: [String]) -> Vocabulary {
    let compiler = session.compiler
    let entries = compiler.catalogue.entries.values
    var vocabulary = Vocabulary()
    vocabulary.sources =
      entries.filter { $0.role == .source }.map(spelling) + compiler.externalSources.keys.sorted()
    vocabulary.operators = entries.filter { $0.role != .source }.map(spelling)
    for entry in entries where !entry.options.isEmpty { vocabulary.options[entry.name] = entry.options }
    for strategy in compiler.catalogue.strategies.values {
      let takesArguments = strategy.signature.hasPrefix(strategy.name + "(")
      vocabulary.strategies.append(strategy.name + (takesArguments ? "(" : ""))
      vocabulary.strategyLabels[strategy.name] = strategy.labels
    }
    vocabulary.settings = session.settings.keys
    for key in session.settings.keys {
      if let allowed = session.settings.definitions[key]?.allowed {
        vocabulary.settingValues[key] = allowed
      }
    }
    vocabulary.placeSources = compiler.externalSources.values.filter {
      ["place", "city"].contains($0.parameters.first?.name)
    }.map(\.name)
    vocabulary.places = WorldCities.all.map(\.name)
    vocabulary.bindings = compiler.bindings.keys.sorted()
    vocabulary.commands = commands.map { ":" + $0 }
    vocabulary.helpNames =
      Array(compiler.catalogue.entries.keys) + compiler.catalogue.strategies.keys
      + compiler.externalSources.keys + commands + topics + session.settings.keys
    return vocabulary
  }

  /// `of(` for an entry written as a call, else its name.
  private static func spelling(_ entry: CatalogueEntry) -> String {
    entry.signature.hasPrefix(entry.name + "(") ? entry.name + "(" : entry.name
  }
}

extension Session {
  var settings: Settings { runtime.settings }
}
