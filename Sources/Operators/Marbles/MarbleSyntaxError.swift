/// Why a marble diagram could not be read, and where: errors are values, never a crash.
///
///     try MarbleDiagram(cold: "-a-(b")
///     // throws: unclosed group '(' at column 4
public struct MarbleSyntaxError: Error, Hashable, Sendable {
  /// What went wrong.
  public enum Reason: Hashable, Sendable {
    case unclosedGroup
    case unmatchedGroupEnd
    case nestedGroup
    case emptyGroup
    /// `-` or a time progression inside `( )`.
    case timeInGroup(String)
    case secondSubscription
    case secondUnsubscription
    case subscriptionInColdDiagram
    case unsubscriptionInEventDiagram
    case unsubscriptionBeforeSubscription
    case unsubscriptionWithoutSubscription
    /// A value, `#` or `|` in a subscription diagram.
    case eventInSubscriptionDiagram(Character)
    /// Any event after `|` or `#`, with the glyph that ended the stream.
    case eventAfterEnd(Character, end: Character)
    case timeTooLong(String)
  }

  public let reason: Reason
  /// The 1-based column (in characters) of the offending character.
  public let column: Int

  public init(_ reason: Reason, column: Int) {
    self.reason = reason
    self.column = column
  }

  /// The problem without its position, for diagnostics that point at the column themselves.
  public var summary: String {
    switch reason {
    case .unclosedGroup: return "unclosed group '('"
    case .unmatchedGroupEnd: return "')' without an opening '('"
    case .nestedGroup: return "nested group '(': a group cannot contain another"
    case .emptyGroup: return "empty group '()'"
    case .timeInGroup(let text): return "time '\(text)' inside a group: its events share one frame"
    case .secondSubscription: return "second subscription point '^'"
    case .secondUnsubscription: return "second unsubscription point '!'"
    case .subscriptionInColdDiagram: return "subscription point '^' in a cold diagram"
    case .unsubscriptionInEventDiagram: return "unsubscription point '!' outside a subscription diagram"
    case .unsubscriptionBeforeSubscription:
      return "unsubscription point '!' before the subscription point '^'"
    case .unsubscriptionWithoutSubscription:
      return "unsubscription point '!' without a subscription point '^'"
    case .eventInSubscriptionDiagram(let glyph):
      return "'\(glyph)' in a subscription diagram, which has only '-', '^', '!' and times"
    case .eventAfterEnd(let glyph, let end): return "'\(glyph)' after '\(end)' has ended the stream"
    case .timeTooLong(let text): return "time progression '\(text)' is too long"
    }
  }

  /// The whole message: `unclosed group '(' at column 4`.
  public var message: String { "\(summary) at column \(column)" }
}

extension MarbleSyntaxError: CustomStringConvertible {
  public var description: String { message }
}
