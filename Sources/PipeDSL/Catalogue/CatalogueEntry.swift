/// One operator, source or sink of the language: its documentation and how to compile it.
///
/// `:help NAME` prints the documentation; docs/OPERATORS.md is generated from it; the
/// compiler calls `compile` with the stage's checked words.
public struct CatalogueEntry: @unchecked Sendable {
  /// Where a stage may stand and how `:ops` groups it.
  public enum Role: String, Sendable, CaseIterable {
    case source, transform, combine, errors, sink
  }

  public var name: String
  public var role: Role
  /// How it is written: `retry [n]`, `retryWhen STRATEGY [max n] [on kinds]`.
  public var signature: String
  /// One paragraph saying what it does.
  public var doc: String
  /// Its marble diagram, played by a test as written.
  public var marble: Marble?
  /// Runnable examples with what they print, run by a test.
  public var examples: [Example]
  /// The option words it takes after its arguments: `max`, `on`, `times`.
  public var options: [String]
  /// How many positional arguments it takes.
  public var arity: ClosedRange<Int>
  /// Checks the stage's words and builds it; reports problems through the context.
  public var compile: (inout StageContext) -> CompiledStage?

  public init(
    name: String, role: Role, signature: String, doc: String, marble: Marble? = nil,
    examples: [Example], options: [String] = [], arity: ClosedRange<Int>,
    compile: @escaping (inout StageContext) -> CompiledStage?
  ) {
    self.name = name
    self.role = role
    self.signature = signature
    self.doc = doc
    self.marble = marble
    self.examples = examples
    self.options = options
    self.arity = arity
    self.compile = compile
  }
}

/// A retry strategy for `retryWhen`: its documentation and how to compile it.
public struct StrategyEntry: @unchecked Sendable {
  public var name: String
  public var signature: String
  public var doc: String
  /// Runnable examples with what they print, run by a test.
  public var examples: [Example]
  /// The labels it takes: `times`, `factor`, `max`, `jitter`.
  public var labels: [String]
  public var arity: ClosedRange<Int>
  public var compile: (inout StrategyContext) -> CompiledStrategy?

  public init(
    name: String, signature: String, doc: String, examples: [Example], labels: [String] = [],
    arity: ClosedRange<Int>, compile: @escaping (inout StrategyContext) -> CompiledStrategy?
  ) {
    self.name = name
    self.signature = signature
    self.doc = doc
    self.examples = examples
    self.labels = labels
    self.arity = arity
    self.compile = compile
  }
}
