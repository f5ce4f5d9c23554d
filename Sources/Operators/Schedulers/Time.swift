/// A point on a scheduler's clock, or a span between two points, in nanoseconds.
///
/// The clock of a scheduler starts at zero, so an instant is also the span since the start.
///
/// Arithmetic saturates: a span too long for 64 bits of nanoseconds (about 292 years)
/// becomes `.max` (or `.min`), never a trap, so a huge horizon or timeout is only "forever".
/// A `Double` that is not a number counts as zero.
///
///     Time.seconds(1.5) + .milliseconds(500)  // 2s
///     Time.seconds(1e10) + .seconds(1)        // Time.max
public struct Time: Hashable, Comparable, Sendable, AdditiveArithmetic {
  public var nanoseconds: Int64

  @inlinable public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

  public static let zero = Time(nanoseconds: 0)
  /// The longest span, about 292 years: what "forever" saturates to.
  public static let max = Time(nanoseconds: .max)
  /// The most negative span.
  public static let min = Time(nanoseconds: .min)

  @inlinable public static func nanoseconds(_ value: Int64) -> Time { Time(nanoseconds: value) }

  @inlinable public static func milliseconds(_ value: Int64) -> Time {
    Time(nanoseconds: saturating(value.multipliedReportingOverflow(by: 1_000_000), sign: value))
  }

  @inlinable public static func seconds(_ value: Double) -> Time {
    Time(nanoseconds: clamped(value * 1e9))
  }

  @inlinable public static func seconds(_ value: Int) -> Time {
    let whole = Int64(clamping: value)
    return Time(nanoseconds: saturating(whole.multipliedReportingOverflow(by: 1_000_000_000), sign: whole))
  }

  /// A count of nanoseconds as a `Double`, rounded and clamped to what `Int64` holds; NaN
  /// is zero.
  @inlinable public static func clamped(_ nanoseconds: Double) -> Int64 {
    if nanoseconds.isNaN { return 0 }
    // 2^63 is the first Double past Int64.max; every Double below it converts exactly.
    if nanoseconds >= 9_223_372_036_854_775_808.0 { return .max }
    if nanoseconds <= -9_223_372_036_854_775_808.0 { return .min }
    return Int64(nanoseconds.rounded())
  }

  /// The result of an overflowing operation, or the bound it went past: the sign of the
  /// true result is `sign`'s when the other operand is positive.
  @inlinable static func saturating(_ result: (partialValue: Int64, overflow: Bool), sign: Int64) -> Int64 {
    guard result.overflow else { return result.partialValue }
    return sign < 0 ? .min : .max
  }

  /// The span in milliseconds, as a Double.
  @inlinable public var milliseconds: Double { Double(nanoseconds) / 1e6 }

  /// The span in seconds, as a Double.
  @inlinable public var seconds: Double { Double(nanoseconds) / 1e9 }

  @inlinable public static func < (lhs: Time, rhs: Time) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

  @inlinable public static func + (lhs: Time, rhs: Time) -> Time {
    let (sum, overflow) = lhs.nanoseconds.addingReportingOverflow(rhs.nanoseconds)
    guard overflow else { return Time(nanoseconds: sum) }
    return rhs.nanoseconds < 0 ? .min : .max
  }

  @inlinable public static func - (lhs: Time, rhs: Time) -> Time {
    let (difference, overflow) = lhs.nanoseconds.subtractingReportingOverflow(rhs.nanoseconds)
    guard overflow else { return Time(nanoseconds: difference) }
    return rhs.nanoseconds < 0 ? .max : .min
  }

  @inlinable public static func * (lhs: Time, rhs: Double) -> Time {
    Time(nanoseconds: clamped(Double(lhs.nanoseconds) * rhs))
  }

  @inlinable public static func * (lhs: Time, rhs: Int64) -> Time {
    let (product, overflow) = lhs.nanoseconds.multipliedReportingOverflow(by: rhs)
    guard overflow else { return Time(nanoseconds: product) }
    return (lhs.nanoseconds < 0) != (rhs < 0) ? .min : .max
  }
}

extension Time: CustomStringConvertible {
  /// A short human reading: `0s`, `250ms`, `1.5s`, `2m`, `1h 5m`.
  public var description: String {
    let ns = nanoseconds
    if ns == 0 { return "0s" }
    let sign = ns < 0 ? "-" : ""
    let abs = ns.magnitude
    if abs < 1_000_000 { return "\(sign)\(Time.trim(Double(abs) / 1e3))µs" }
    if abs < 1_000_000_000 { return "\(sign)\(Time.trim(Double(abs) / 1e6))ms" }
    let seconds = Double(abs) / 1e9
    if seconds < 60 { return "\(sign)\(Time.trim(seconds))s" }
    if seconds < 3600 {
      let minutes = Int(seconds) / 60
      let rest = seconds - Double(minutes * 60)
      return rest == 0 ? "\(sign)\(minutes)m" : "\(sign)\(minutes)m \(Time.trim(rest))s"
    }
    let hours = Int(seconds) / 3600
    let minutes = (Int(seconds) % 3600) / 60
    return minutes == 0 ? "\(sign)\(hours)h" : "\(sign)\(hours)h \(minutes)m"
  }

  /// Prints a number with at most three decimals and no trailing zeros.
  static func trim(_ value: Double) -> String {
    let rounded = (value * 1000).rounded() / 1000
    if rounded == rounded.rounded() { return String(Int64(rounded)) }
    var text = String(format: rounded)
    while text.hasSuffix("0") { text.removeLast() }
    return text
  }
}

extension String {
  fileprivate init(format value: Double) {
    let thousandths = Int64((value * 1000).rounded())
    let whole = thousandths / 1000
    let fraction = thousandths % 1000
    let digits = String(fraction)
    self = "\(whole)." + String(repeating: "0", count: 3 - digits.count) + digits
  }
}
