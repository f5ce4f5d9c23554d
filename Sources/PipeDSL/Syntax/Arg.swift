/// An argument of a stage, a call, a list or a dict, with its span.
public struct Arg: Hashable, Sendable {
  public var kind: ArgKind
  public var span: Span

  public init(_ kind: ArgKind, _ span: Span) {
    self.kind = kind
    self.span = span
  }
}

public indirect enum ArgKind: Hashable, Sendable {
  /// `42`, `-3.5`, `"Oslo"`, `500ms`, `true`, `null`.
  case literal(Literal)
  /// A bare or dotted name: `cache`, `notPositive`, `weather.apiKey`, also option words
  /// such as `max`; what it means is the checker's to decide.
  case name(Name)
  /// `backoff(1, 3, 5, 10)`, `until(weather.apiKey)`, `exponential(1s, factor: 2)`.
  case call(Call)
  /// `[1, 2, 3]`.
  case list([Arg])
  /// `[invalidKey: until(weather.apiKey), *: backoff(1, 2)]`, `[:]`.
  case dict([DictEntry])
  /// `(weather . | catch cache)`: a sub-pipeline.
  case pipeline(Pipeline)
  /// `{ .temp > 20 }`.
  case expression(Expr)
  /// `.` (no components) or `.main.temp`: the outer element, or a field of it.
  case element([Name])
  /// `times: 4`.
  case labeled(Name, Arg)
  /// `5 per 1s`, `10 per s`: a count per period (a rate limit's tokens, a budget's floor); the
  /// checker reads both parts (`ArgumentReader.rate`).
  case rate(count: Arg, period: Arg)
  /// Nothing readable stood here; only in a tree with errors.
  case invalid
}

/// `NAME(args)`, the name touching its `(`.
public struct Call: Hashable, Sendable {
  public var name: Name
  /// Positional and `.labeled` arguments, in the order written.
  public var arguments: [Arg]

  public init(name: Name, arguments: [Arg]) {
    self.name = name
    self.arguments = arguments
  }
}

/// `key: value` in a dict.
public struct DictEntry: Hashable, Sendable {
  public enum Key: Hashable, Sendable {
    /// `invalidKey`
    case name(String)
    /// `"#"`
    case string(String)
    /// `*`, the entry for every other key.
    case wildcard
  }

  public var key: Key
  public var keySpan: Span
  public var value: Arg

  public init(key: Key, keySpan: Span, value: Arg) {
    self.key = key
    self.keySpan = keySpan
    self.value = value
  }

  public var span: Span { keySpan.to(value.span) }
}
