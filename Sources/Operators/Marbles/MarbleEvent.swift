/// One event of a marble diagram: a value character, an error (`#`) or the completion (`|`).
public enum MarbleEvent: Hashable, Sendable {
  case next(Character)
  case error
  case completed

  /// The character that draws this event in a diagram.
  public var glyph: Character {
    switch self {
    case .next(let character): return character
    case .error: return "#"
    case .completed: return "|"
    }
  }

  /// Whether this event ends the stream.
  public var isStopEvent: Bool { self == .error || self == .completed }

  /// The value character, for a `.next`.
  public var character: Character? {
    if case .next(let character) = self { return character }
    return nil
  }

  /// How a difference names this event: `b`, `error`, `completion`.
  var name: String {
    switch self {
    case .next(let character): return String(character)
    case .error: return "error"
    case .completed: return "completion"
    }
  }

  /// The marble form of an engine event, with `label` naming the value.
  public init<Element>(_ event: Event<Element>, label: (Element) -> Character) {
    switch event {
    case .next(let value): self = .next(label(value))
    case .error: self = .error
    case .completed: self = .completed
    }
  }
}
