import Operators

/// What an `expect` checks.
public enum ExpectSpec {
  /// `expect "MARBLES" [VALUES]`: events and times, from the subscription at 0.
  case marbles(MarbleDiagram, text: String, values: [Character: Value], errorKind: String?)
  /// `expect [v1, ...]` (then completion) or `expect [v1, ...] error KIND`.
  case values([Value], errorKind: String?)
  /// `expect attempts N`: how many times the first stage was subscribed.
  case attempts(Int)
}

/// A marble `expect` that did not hold, for drawing expected and actual as lanes.
public struct ExpectationFailure {
  /// The expected diagram, times from the subscription at 0.
  public var expected: MarbleDiagram
  /// What the expectation's letters stand for, besides themselves.
  public var values: [Character: Value]
  /// What happened, times from the subscription.
  public var actual: [(time: Time, event: Event<Value>)]
  /// Both as marble strings, and the first difference.
  public var mismatch: MarbleMismatch
}

/// Records a run and compares it with an expectation when the run ends.
final class ExpectSink: SinkConsumer {
  let context: SinkContext
  let spec: ExpectSpec
  var recorded: [(time: Time, event: Event<Value>)] = []

  init(context: SinkContext, spec: ExpectSpec) {
    self.context = context
    self.spec = spec
  }

  func on(_ event: Event<Value>) {
    let pipeEvent = event.error.map { Event<Value>.error(PipeError.from($0)) } ?? event
    recorded.append((context.elapsed, pipeEvent))
  }

  func finish(_ end: RunEnd) -> SinkOutcome {
    guard let problem = mismatch(end) else { return .passed }
    let lines = problem.split(separator: "\n", omittingEmptySubsequences: false).map { String($0).clipped() }
    var message =
      "\(context.location): expectation failed: \(context.statement.text.clipped())\n"
      + lines.joined(separator: "\n")
    if context.attempts > 1, !spec.countsAttempts {
      // A resubscribed stream: how many attempts it took is the first thing to check.
      message += "\n  \(context.attempts) attempts: the first stage was subscribed \(context.attempts) times"
    }
    return .failed(message)
  }

  private func mismatch(_ end: RunEnd) -> String? {
    switch spec {
    case .marbles(let diagram, _, let values, let errorKind):
      let comparison = MarbleComparison<Value>(
        expected: diagram, alphabet: values.keys.sorted() + Self.selfDrawn,
        error: { errorKind == nil || PipeError.from($0).kind == errorKind },
        value: { character, actual in Self.letter(character, values).looselyEquals(actual) })
      guard let mismatch = comparison.mismatch(recorded) else { return nil }
      let failure = ExpectationFailure(
        expected: diagram, values: values, actual: recorded, mismatch: mismatch)
      let lanes = context.runtime.services.drawing?.lanes(for: failure) ?? []
      var shown = mismatch
      if end != .terminated, recorded.last?.event.isStopEvent != true {
        // A run that never ended draws nothing after its last event: say why, as a list does.
        let why = "... " + Self.describe(nil, end)
        shown.actual = shown.actual.isEmpty ? why : shown.actual + " " + why
      }
      return Self.indent(([shown.description] + lanes).joined(separator: "\n"))
    case .values(let expected, let errorKind):
      return valuesMismatch(expected, errorKind: errorKind, end: end)
    case .attempts(let count):
      let actual = context.attempts
      return actual == count
        ? nil
        : "  \(actual) attempt\(actual == 1 ? "" : "s"), expected \(count): the first stage was subscribed "
          + "\(actual) time\(actual == 1 ? "" : "s")"
    }
  }

  private func valuesMismatch(_ expected: [Value], errorKind: String?, end: RunEnd) -> String? {
    let values = recorded.compactMap(\.event.element)
    let stop = recorded.last.flatMap { $0.event.isStopEvent ? $0.event : nil }
    let valuesMatch =
      values.count == expected.count && zip(values, expected).allSatisfy { $0.looselyEquals($1) }
    let stopMatches: Bool
    switch (stop, errorKind) {
    case (.completed?, nil): stopMatches = true
    case (.error(let error)?, let kind?): stopMatches = PipeError.from(error).kind == kind
    default: stopMatches = false
    }
    if valuesMatch && stopMatches { return nil }
    let wanted = expected.map(\.literal).joined(separator: ", ")
    let got = values.map(\.literal).joined(separator: ", ")
    return """
        expected: [\(wanted)] then \(errorKind.map { "error \($0)" } ?? "completed")
        actual:   [\(got)] then \(Self.describe(stop, end))
      """
  }

  static func describe(_ stop: Event<Value>?, _ end: RunEnd) -> String {
    switch stop {
    case .completed?: return "completed"
    case .error(let error)?: return "error \(PipeError.from(error).kind)"
    default:
      switch end {
      case .horizon: return "still running at the horizon"
      case .stuck: return "still waiting, with nothing left to wait for"
      case .runaway: return "nothing (stopped: it resubscribed on and on at one instant)"
      default: return "nothing (the run was stopped)"
      }
    }
  }

  /// A letter's value in an expectation: from the dict, a digit as a number, else itself.
  static func letter(_ character: Character, _ values: [Character: Value]) -> Value {
    if let value = values[character] { return value }
    if let digit = character.wholeNumberValue, character.isASCII { return .int(digit) }
    return .string(String(character))
  }

  /// Letters and digits, which draw themselves in an actual diagram (a value "b" as `b`).
  static let selfDrawn = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")

  static func indent(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
  }
}

extension ExpectSpec {
  /// `expect attempts N`, whose own message already counts them.
  var countsAttempts: Bool {
    if case .attempts = self { return true }
    return false
  }
}

extension Value {
  /// Equality in which an int and a double of the same number match, as in expressions.
  func looselyEquals(_ other: Value) -> Bool {
    if let left = number, let right = other.number { return left == right }
    switch (self, other) {
    case (.list(let left), .list(let right)):
      return left.count == right.count && zip(left, right).allSatisfy { $0.looselyEquals($1) }
    default: return self == other
    }
  }
}
