/// A point on a scheduler's clock, or a span between two points, in nanoseconds.
///
/// The clock of a scheduler starts at zero, so an instant is also the span since the start.
///
///     Time.seconds(1.5) + .milliseconds(500)  // 2s
public struct Time: Hashable, Comparable, Sendable, AdditiveArithmetic {
  public var nanoseconds: Int64

  @inlinable public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

  public static let zero = Time(nanoseconds: 0)

  @inlinable public static func nanoseconds(_ value: Int64) -> Time { Time(nanoseconds: value) }

  @inlinable public static func milliseconds(_ value: Int64) -> Time {
    Time(nanoseconds: value * 1_000_000)
  }

  @inlinable public static func seconds(_ value: Double) -> Time {
    Time(nanoseconds: Int64((value * 1e9).rounded()))
  }

  @inlinable public static func seconds(_ value: Int) -> Time {
    Time(nanoseconds: Int64(value) * 1_000_000_000)
  }

  /// The span in milliseconds, as a Double.
  @inlinable public var milliseconds: Double { Double(nanoseconds) / 1e6 }

  /// The span in seconds, as a Double.
  @inlinable public var seconds: Double { Double(nanoseconds) / 1e9 }

  @inlinable public static func < (lhs: Time, rhs: Time) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

  @inlinable public static func + (lhs: Time, rhs: Time) -> Time {
    Time(nanoseconds: lhs.nanoseconds &+ rhs.nanoseconds)
  }

  @inlinable public static func - (lhs: Time, rhs: Time) -> Time {
    Time(nanoseconds: lhs.nanoseconds &- rhs.nanoseconds)
  }

  @inlinable public static func * (lhs: Time, rhs: Double) -> Time {
    Time(nanoseconds: Int64((Double(lhs.nanoseconds) * rhs).rounded()))
  }

  @inlinable public static func * (lhs: Time, rhs: Int64) -> Time {
    Time(nanoseconds: lhs.nanoseconds &* rhs)
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
