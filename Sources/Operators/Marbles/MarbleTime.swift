/// Reads and writes the time progressions of marble diagrams: `100ms`, `1.5s`, `2m`.
///
/// Arithmetic is exact on nanoseconds, so a time written by `format` reads back to the same
/// value.
///
///     MarbleTime.format(.milliseconds(1500))  // "1.5s"
enum MarbleTime {
  /// The longest time a diagram may span: about a century, far from `Int64` overflow.
  static let limit = Time.seconds(100 * 365 * 86_400)

  /// The units, each with its length in nanoseconds and how many decimals it resolves.
  static let units: [(name: String, nanoseconds: Int64, decimals: Int)] = [
    ("ms", 1_000_000, 6), ("s", 1_000_000_000, 9), ("m", 60_000_000_000, 10),
  ]

  /// A time progression found in a diagram.
  enum Reading: Equatable {
    case time(Time, length: Int)
    /// A progression that would pass `limit`.
    case tooLong(length: Int)
  }

  /// Reads `<digits>[.<digits>](ms|s|m)` at the start of `text`, followed by whitespace or
  /// the end; nil if `text` does not start with a time.
  static func read(_ text: ArraySlice<Character>) -> Reading? {
    let whole = text.prefix(while: isDigit)
    var rest = text.dropFirst(whole.count)
    var fraction = ArraySlice<Character>()
    if rest.first == ".", let digit = rest.dropFirst().first, isDigit(digit) {
      fraction = rest.dropFirst().prefix(while: isDigit)
      rest = rest.dropFirst(1 + fraction.count)
    }
    guard !whole.isEmpty, let unit = units.first(where: { rest.starts(with: $0.name) }) else {
      return nil
    }
    let end = rest.dropFirst(unit.name.count)
    guard end.first?.isWhitespace ?? true else { return nil }
    let length = text.count - end.count
    guard let time = nanoseconds(whole, fraction, unit: unit), Time(nanoseconds: time) <= limit else {
      return .tooLong(length: length)
    }
    return .time(Time(nanoseconds: time), length: length)
  }

  private static func isDigit(_ character: Character) -> Bool {
    character.isASCII && character.isNumber
  }

  private static func nanoseconds(
    _ whole: ArraySlice<Character>, _ fraction: ArraySlice<Character>,
    unit: (name: String, nanoseconds: Int64, decimals: Int)
  ) -> Int64? {
    guard let units = Int64(String(whole)) else { return nil }
    let (product, overflow) = units.multipliedReportingOverflow(by: unit.nanoseconds)
    guard !overflow else { return nil }
    let kept = fraction.prefix(unit.decimals)
    var part = Int64(String(kept)) ?? 0
    for _ in kept.count..<unit.decimals { part *= 10 }
    if let next = fraction.dropFirst(unit.decimals).first, next >= "5" { part += 1 }
    let scale = unit.nanoseconds / power(unit.decimals)
    return product.addingReportingOverflow(part * scale).overflow ? nil : product + part * scale
  }

  /// The shortest exact way to write `time` with one of the units, without `0.` in front
  /// unless it is under a millisecond: `100ms`, `1.5s`, `2m`, `0.5ms`.
  static func format(_ time: Time) -> String {
    let fitting = units.filter { $0.name == "ms" || time.nanoseconds >= $0.nanoseconds }
    let written = fitting.compactMap { format(time.nanoseconds, unit: $0.nanoseconds, name: $0.name) }
    return written.min { $0.count < $1.count }!  // milliseconds always resolve nanoseconds
  }

  /// `nanoseconds` in `unit` as an exact decimal, or nil if nine decimals do not suffice.
  private static func format(_ nanoseconds: Int64, unit: Int64, name: String) -> String? {
    var text = String(nanoseconds / unit)
    var remainder = nanoseconds % unit
    if remainder != 0 { text += "." }
    for _ in 0..<9 where remainder != 0 {
      remainder *= 10
      text += String(remainder / unit)
      remainder %= unit
    }
    return remainder == 0 ? text + name : nil
  }

  private static func power(_ exponent: Int) -> Int64 {
    (0..<exponent).reduce(1) { product, _ in product * 10 }
  }
}
