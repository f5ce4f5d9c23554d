/// Checks recorded events against an expected diagram, and says how they differ.
///
/// Times must match exactly; a value matches its character when `value` says so, an error
/// when `error` says so (by default any error matches `#`). The actual events are drawn
/// with the expected diagram's characters where a value matches one, with fresh letters
/// explained in a legend otherwise.
///
///     let comparison = MarbleComparison<Int>(expected: try MarbleDiagram(hot: "-a-b|")) {
///       $0 == "a" ? $1 == 1 : $1 == 2
///     }
///     let recorded: [(time: Time, event: Event<Int>)] = [
///       (.milliseconds(1), .next(1)), (.milliseconds(3), .next(5)), (.milliseconds(4), .completed),
///     ]
///     print(comparison.mismatch(recorded)!)
///     // expected: -a-b|
///     // actual:   -a-A|
///     //   where A = 5
///     // first difference: at 3ms expected b, got A
public struct MarbleComparison<Element> {
  public let expected: MarbleDiagram
  private let value: (Character, Element) -> Bool
  private let error: (any Error) -> Bool
  private let alphabet: [Character]

  /// - Parameters:
  ///   - alphabet: characters to try, besides the expected diagram's, when drawing an
  ///     actual value (the keys of a values dictionary).
  ///   - error: whether an actual error matches `#`.
  ///   - value: whether an actual value matches a character.
  public init(
    expected: MarbleDiagram, alphabet: [Character] = [],
    error: @escaping (any Error) -> Bool = { _ in true },
    value: @escaping (Character, Element) -> Bool
  ) {
    self.expected = expected
    self.value = value
    self.error = error
    self.alphabet = expected.events.compactMap(\.event.character) + alphabet
  }

  /// Nil when `recorded` matches the expected diagram, otherwise both drawn and the first
  /// difference.
  public func mismatch(_ recorded: [(time: Time, event: Event<Element>)]) -> MarbleMismatch? {
    let wanted = expected.events
    let count = max(wanted.count, recorded.count)
    guard let first = (0..<count).first(where: { !matches(wanted[safe: $0], recorded[safe: $0]) }) else {
      return nil
    }
    var labels = MarbleLabels(reserved: alphabet, match: label)
    var actual = MarbleDiagram(recorded: recorded) { labels.label($0) }
    actual.subscription = expected.subscription  // drawn under the expected `^`
    return MarbleMismatch(
      expected: expected.rendered(), actual: actual.rendered(), legend: labels.legend,
      difference: difference(wanted[safe: first], actual.events[safe: first]))
  }

  private func matches(
    _ wanted: (time: Time, event: MarbleEvent)?, _ got: (time: Time, event: Event<Element>)?
  ) -> Bool {
    guard let wanted, let got, wanted.time == got.time else { return false }
    switch (wanted.event, got.event) {
    case (.next(let character), .next(let element)): return value(character, element)
    case (.error, .error(let actualError)): return error(actualError)
    case (.completed, .completed): return true
    default: return false
    }
  }

  /// The first character of the alphabet matching `element`, if any.
  private func label(_ element: Element) -> Character? {
    alphabet.first { value($0, element) }
  }

  private func difference(
    _ wanted: (time: Time, event: MarbleEvent)?, _ got: (time: Time, event: MarbleEvent)?
  ) -> String {
    switch (wanted, got) {
    case (let wanted?, let got?) where wanted.time == got.time:
      return "at \(wanted.time) expected \(wanted.event.name), got \(got.event.name)"
    case (let wanted?, let got?):
      return "expected \(wanted.event.name) at \(wanted.time), got \(got.event.name) at \(got.time)"
    case (let wanted?, nil): return "expected \(wanted.event.name) at \(wanted.time), got nothing"
    case (nil, let got?): return "got \(got.event.name) at \(got.time), expected nothing more"
    case (nil, nil): return "none"
    }
  }
}

extension Array {
  fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
