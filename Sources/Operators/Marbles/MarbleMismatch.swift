/// How recorded events differ from an expected diagram: both drawn one above the other.
public struct MarbleMismatch: Hashable, Sendable, CustomStringConvertible {
  /// The expected diagram, drawn.
  public var expected: String
  /// The recorded events, drawn.
  public var actual: String
  /// What the letters drawn for unexpected values stand for: `A = 42`.
  public var legend: [String]
  /// The first event that differs: `at 3ms expected b, got c`.
  public var difference: String

  public init(expected: String, actual: String, legend: [String] = [], difference: String) {
    self.expected = expected
    self.actual = actual
    self.legend = legend
    self.difference = difference
  }

  /// The report, a line each: expected, actual, the legend, the first difference.
  public var description: String {
    var lines = ["expected: \(expected)", "actual:   \(actual)"]
    if !legend.isEmpty { lines.append("  where " + legend.joined(separator: ", ")) }
    lines.append("first difference: \(difference)")
    return lines.joined(separator: "\n")
  }
}

/// Picks a character for each value drawn: the expected one if a value matches it, else
/// a fresh letter, remembered in a legend. Once the letters run out, every further value
/// is `?`, which the legend explains once: a run of thousands of values costs no more per
/// value than a short one, and the legend stays one line.
struct MarbleLabels<Element> {
  private var free: [Character]
  private var nextFree = 0
  private let match: (Element) -> Character?
  private var given: [String: Character] = [:]
  private(set) var legend: [String] = []
  private var explainedOthers = false

  init(reserved: [Character], match: @escaping (Element) -> Character?) {
    let pool = "ABCDEFGHIJKLMNOPQRSTUVWXYZαβγδεζηθικλμνξοπρστυφχψω"
    self.free = pool.filter { !reserved.contains($0) }
    self.match = match
  }

  mutating func label(_ element: Element) -> Character {
    if let glyph = match(element) { return glyph }
    let text = String(describing: element)
    if let known = given[text] { return known }
    guard nextFree < free.count else {
      if !explainedOthers { legend.append("? = any other value") }
      explainedOthers = true
      return "?"
    }
    let glyph = free[nextFree]
    nextFree += 1
    given[text] = glyph
    legend.append("\(glyph) = \(text)")
    return glyph
  }
}
