import Operators

/// Numbers and durations: `42`, `3.5`, `1e3`, `500ms`, `1.5s`, `2m`, `1h`.
///
/// A `-` is always its own token; the parser folds it into a number where a value stands,
/// so `random(-100, 200)` reads -100 while `acc -1` in an expression subtracts.
extension Lexer {
  mutating func lexNumber() {
    let start = position
    var isDouble = false
    consumeDigits()
    if peek() == UInt8(ascii: "."), peek(1)?.isDigit == true {
      position += 1
      consumeDigits()
      isDouble = true
    }
    if consumeExponent() { isDouble = true }
    let numberEnd = position
    while peek()?.isIdentifierPart == true { position += 1 }
    let number = text(start, numberEnd)
    let unit = text(numberEnd, position)
    finishNumber(number, unit: unit, isDouble: isDouble, from: start)
  }

  private mutating func consumeDigits() {
    while peek()?.isDigit == true { position += 1 }
  }

  /// `e3`, `E-2`, `e+10`; only when digits follow, so `2m` stays a duration.
  private mutating func consumeExponent() -> Bool {
    guard peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") else { return false }
    let signed = peek(1) == UInt8(ascii: "+") || peek(1) == UInt8(ascii: "-")
    guard peek(signed ? 2 : 1)?.isDigit == true else { return false }
    position += signed ? 2 : 1
    consumeDigits()
    return true
  }

  private mutating func finishNumber(_ number: String, unit: String, isDouble: Bool, from start: Int) {
    let span = Span(start, position)
    let whole = text(start, position)
    if unit.isEmpty {
      guard let literal = isDouble ? Double(number).map(Literal.double) : Int(number).map(Literal.int)
      else { return fail(.numberTooLarge(span, whole), from: start) }
      return emit(.literal, from: start, literal: literal)
    }
    guard let nanoseconds = Self.units[unit] else {
      let isExponent = unit.first == "e" || unit.first == "E"
      let diagnostic: Diagnostic =
        isExponent ? .badNumber(span, whole) : .badDuration(span, unit: unit, text: whole)
      return fail(diagnostic, from: start)
    }
    guard let time = Self.duration(number, isDouble: isDouble, unit: nanoseconds) else {
      return fail(.numberTooLarge(span, whole), from: start)
    }
    emit(.literal, from: start, literal: .duration(time))
  }

  private mutating func fail(_ diagnostic: Diagnostic, from start: Int) {
    report(diagnostic)
    emit(.invalid, from: start)
  }

  private static let units: [String: Int64] = [
    "ms": 1_000_000, "s": 1_000_000_000, "m": 60_000_000_000, "h": 3_600_000_000_000,
  ]

  /// The duration in nanoseconds, exact for whole numbers; nil past what `Time` holds.
  private static func duration(_ number: String, isDouble: Bool, unit: Int64) -> Time? {
    if !isDouble {
      guard let whole = Int64(number) else { return nil }
      let (product, overflow) = whole.multipliedReportingOverflow(by: unit)
      return overflow ? nil : Time(nanoseconds: product)
    }
    guard let value = Double(number) else { return nil }
    let nanoseconds = (value * Double(unit)).rounded()
    guard nanoseconds.isFinite, nanoseconds < 9.2e18 else { return nil }
    return Time(nanoseconds: Int64(nanoseconds))
  }
}
