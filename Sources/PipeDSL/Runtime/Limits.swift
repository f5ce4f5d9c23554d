import Operators

/// The ranges of the numbers a person types for a time: a duration argument (`delay 2s`,
/// `timeout 5`, `backoff(1, 3)`), the `horizon` setting, the real clock's speed.
///
/// Each is checked where it is written, with the range in the message, so that no later sum
/// of times overflows: a thousand hours is about six weeks, and thousands of such spans still
/// fit in `Time`'s nanoseconds.
public enum Limits {
  /// The longest duration a person may write: 1000 h.
  public static let longestDuration = Time.seconds(3_600_000)

  /// The `horizon` setting, in seconds of virtual time: from a millisecond to 1000 h.
  public static let horizonSeconds = 0.001...longestDuration.seconds

  /// The real clock's speed (`--speed`, `:speed`): from a thousandth to a thousand times the
  /// wall clock.
  public static let speeds = 0.001...1000.0

  /// A duration's range as a message says it: `from 0 to 1000h`.
  public static var durationRange: String { "from 0 to \(longestDuration)" }

  /// The speed's range as a message says it: `from 0.001 to 1000`.
  public static var speedRange: String { "from \(number(speeds.lowerBound)) to \(number(speeds.upperBound))" }

  /// A bound as a message writes it: `3600000`, `0.001`.
  public static func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
  }
}
