/// SplitMix64: a small random number generator whose whole output follows from its seed,
/// so a jittered retry schedule is the same on every run with the same seed.
///
///     var generator = SeededGenerator(seed: 0)
///     generator.next()  // 0xE220A8397B1DCDAF
public struct SeededGenerator: RandomNumberGenerator, Sendable {
  private var state: UInt64

  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A value in `range`, one draw each, computed here rather than by the standard library
  /// so that schedules do not change with the Swift version (multiply-shift; the bias is
  /// below 2⁻⁴⁰ for spans under a day in nanoseconds).
  public mutating func uniform(in range: ClosedRange<Int64>) -> Int64 {
    let span = UInt64(bitPattern: range.upperBound &- range.lowerBound)
    let draw = next()
    if span == .max { return range.lowerBound &+ Int64(bitPattern: draw) }
    let offset = draw.multipliedFullWidth(by: span + 1).high
    return range.lowerBound &+ Int64(bitPattern: offset)
  }
}
