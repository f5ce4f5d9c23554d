import PipeDSL
import TerminalText

/// Gives every value drawn a short label for its marble: the value itself when it is short
/// (`3`, `42`, `ok`), otherwise a letter explained in the legend
/// (`a = {city: "London", temp: 14.2}`). Equal values get the same label; letters go in
/// reading order, and only to values that are drawn.
///
///     var labels = ValueLabels(values: [1, "light rain"])
///     labels.assign(1)             // "1"
///     labels.assign("light rain")  // "a"
///     labels.legend                // [a = light rain]
struct ValueLabels {
  /// The longest value drawn as itself.
  static let inlineLength = 3

  private var letters: [Character]
  private var given: [Value: String] = [:]
  private(set) var legend: [LegendEntry] = []

  /// Prepares labels, keeping the letters that some of `values` is drawn as free.
  init(values: [Value]) {
    let taken = Set(values.compactMap(Self.inline))
    letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ").filter {
      !taken.contains(String($0))
    }
  }

  /// The label of a value, giving it the next letter if it needs one.
  @discardableResult
  mutating func assign(_ value: Value) -> String {
    if let short = Self.inline(value) { return short }
    if let known = given[value] { return known }
    let label = letters.isEmpty ? "?" : String(letters.removeFirst())
    given[value] = label
    if label != "?" {
      legend.append(LegendEntry(label, value.show))
    } else if !legend.contains(where: { $0.glyph == "?" }) {
      legend.append(LegendEntry("?", "one of many more values"))
    }
    return label
  }

  /// The label given to a value.
  subscript(value: Value) -> String { Self.inline(value) ?? given[value] ?? "?" }

  /// How many columns a value's label takes, before letters are given out.
  static func width(of value: Value) -> Int { inline(value)?.displayWidth ?? 1 }

  /// The value as itself, when that is short and cannot be mistaken for a diagram's glyph.
  static func inline(_ value: Value) -> String? {
    let text: String
    switch value {
    case .int, .double: text = value.show
    case .string(let string): text = string
    default: return nil
    }
    guard !text.isEmpty, text.displayWidth <= inlineLength else { return nil }
    let reserved = Set("^|#!()-,.…*• \t")
    let isPlain = text.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 0x20 && $0.value < 0x7F }
    guard isPlain, !text.contains(where: reserved.contains) || Self.isDecimal(text) else { return nil }
    return text
  }

  /// A non-negative decimal number such as `1.5`, whose dot reads as a dot.
  private static func isDecimal(_ text: String) -> Bool {
    text.first?.isNumber == true && text.last?.isNumber == true && text.filter { $0 == "." }.count == 1
      && text.allSatisfy { $0.isNumber || $0 == "." }
  }
}

extension ValueLabels {
  /// Labels for what `layout` draws of `lanes`, lettered left to right, then top to bottom.
  init(drawing layout: TimeLayout) {
    let drawn = layout.tokens.indices.flatMap { lane in
      layout.tokens[lane].flatMap { slot, tokens in tokens.flatMap(\.values).map { (slot, lane, $0) } }
    }
    self.init(values: drawn.map(\.2))
    let ordered = drawn.enumerated().sorted {
      ($0.element.0, $0.element.1, $0.offset) < ($1.element.0, $1.element.1, $1.offset)
    }
    for (_, item) in ordered { assign(item.2) }
  }
}
