/// A parsed text: its statements in order.
///
/// A tree from a text with errors may hold `.invalid` nodes where something could not be
/// read; a tree from a text without errors never does.
public struct Program: Hashable, Sendable {
  public var statements: [Statement]
  /// The text it was parsed from, for messages that quote it or count its lines.
  public var file: SourceFile?

  public init(statements: [Statement], file: SourceFile? = nil) {
    self.statements = statements
    self.file = file
  }
}

/// One statement, with its span and source text.
public struct Statement: Hashable, Sendable {
  public enum Kind: Hashable, Sendable {
    /// `let NAME = pipeline` names a cold pipeline; each use subscribes anew.
    case binding(name: Name, pipeline: Pipeline)
    /// `set path value` writes a setting.
    case setting(path: Name, value: Arg)
    /// `pipeline [&]` runs it; `background` is the span of the `&` when there is one.
    case run(Pipeline, background: Span?)
    /// `:name words...` is a prompt command.
    case command(Command)
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

/// A name as written, with its span: `weather`, `retryWhen`, or dotted, `weather.apiKey`.
public struct Name: Hashable, Sendable, CustomStringConvertible {
  public var text: String
  public var span: Span

  public init(_ text: String, _ span: Span) {
    self.text = text
    self.span = span
  }

  /// The dotted parts: `weather.apiKey` → `["weather", "apiKey"]`.
  public var components: [String] { text.split(separator: ".").map(String.init) }
  public var isDotted: Bool { text.contains(".") }
  public var description: String { text }
}

/// A prompt command, `:load examples/retry.pipe`: its name, its words split at spaces (a
/// `"quoted word"` stays one), and the raw text after the name for commands that parse it
/// themselves (`:schedule backoff(1, 3)`).
public struct Command: Hashable, Sendable {
  public struct Word: Hashable, Sendable {
    public var text: String
    public var span: Span

    public init(_ text: String, _ span: Span) {
      self.text = text
      self.span = span
    }
  }

  public var name: Name
  public var words: [Word]
  /// Everything after the name, trimmed; empty text when there is nothing.
  public var rest: Word

  public init(name: Name, words: [Word], rest: Word) {
    self.name = name
    self.words = words
    self.rest = rest
  }
}
