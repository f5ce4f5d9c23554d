/// `stage | stage | ...`, with its span and source text.
public struct Pipeline: Hashable, Sendable {
  public var stages: [Stage]
  public var span: Span
  public var text: String

  public init(stages: [Stage], span: Span, text: String) {
    self.stages = stages
    self.span = span
    self.text = text
  }
}

/// One stage of a pipeline, with its span and source text (errors name their stage by it).
public struct Stage: Hashable, Sendable {
  public indirect enum Kind: Hashable, Sendable {
    /// `weather "London"`, `retryWhen backoff(1, 3) max 4`, `of(1, 2, 3)`.
    case `operator`(OperatorStage)
    /// `(pipeline)` standing as a stage.
    case group(Pipeline)
    /// Nothing readable stood here; only in a tree with errors.
    case invalid
  }

  public var kind: Kind
  public var span: Span
  public var text: String

  public init(kind: Kind, span: Span, text: String) {
    self.kind = kind
    self.span = span
    self.text = text
  }
}

/// `NAME[(call arguments)] {argument}`: an operator, source or sink with its words.
///
/// The parser keeps the words generic. It cannot know that `max` in
/// `retryWhen online max 4` names an option, so `max` arrives as a `.name` argument followed
/// by `4`; the checker, which knows each operator's options, pairs them with
/// `options(named:)`. Labeled words (`times: 4`) arrive as `.labeled`.
public struct OperatorStage: Hashable, Sendable {
  public var name: Name
  /// The arguments in parentheses right after the name, as in `of(1, 2)` or
  /// `circuitBreaker(failures: 5)`; nil when the name is not followed at once by `(`.
  public var callArguments: [Arg]?
  /// The words after the name (and after its call arguments).
  public var arguments: [Arg]

  public init(name: Name, callArguments: [Arg]? = nil, arguments: [Arg] = []) {
    self.name = name
    self.callArguments = callArguments
    self.arguments = arguments
  }
}
