/// SplitMix64, the one small deterministic generator of pipe: the same seed (and salts) give
/// the same draws on every run and every platform, which is what makes the simulators and
/// jittered retry schedules repeatable. Every draw is computed here rather than by the
/// standard library, so that nothing changes with the Swift version.
///
///     var rng = SeededRandom(seed: 42, salts: ["London", 1])
///     rng.int(in: 200...400)   // the same number every time
///     SeededRandom(seed: 0).next()  // 0xE220A8397B1DCDAF
public struct SeededRandom: RandomNumberGenerator, Sendable {
  private var state: UInt64

  public init(seed: UInt64, salts: [any SeedSalt] = []) {
    state = seed
    for salt in salts {
      state = Self.mix(state ^ salt.saltValue)
    }
  }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    return Self.mix(state)
  }

  /// A double in 0 ..< 1.
  public mutating func unit() -> Double {
    Double(next() >> 11) * 0x1.0p-53
  }

  /// An integer in `range`, both ends included, each equally likely.
  public mutating func int(in range: ClosedRange<Int>) -> Int {
    let span = UInt64(bitPattern: Int64(range.upperBound) &- Int64(range.lowerBound)) &+ 1
    return Int(truncatingIfNeeded: Int64(range.lowerBound) &+ Int64(bitPattern: below(span)))
  }

  /// A number in `0 ..< bound` (any number when `bound` is 0), each equally likely. The
  /// remainder of a draw alone would favour the low numbers when 2⁶⁴ is not a multiple of
  /// `bound`; the `2⁶⁴ mod bound` draws that cause it are drawn again (rejection sampling,
  /// as OpenBSD's arc4random_uniform). A draw is rejected with probability below
  /// `bound / 2⁶⁴`, so for the small spans of the simulators the numbers are those of the
  /// remainder alone.
  public mutating func below(_ bound: UInt64) -> UInt64 {
    guard bound != 0 else { return next() }
    let threshold = (0 &- bound) % bound
    while true {
      let draw = next()
      if draw >= threshold { return draw % bound }
    }
  }

  /// A double in `range`, rounded to `places` decimals.
  public mutating func double(in range: ClosedRange<Double>, places: Int = 2) -> Double {
    let raw = range.lowerBound + unit() * (range.upperBound - range.lowerBound)
    return raw.rounded(places: places)
  }

  /// One element of a non-empty array.
  public mutating func pick<T>(_ items: [T]) -> T {
    items[int(in: 0...(items.count - 1))]
  }

  private static func mix(_ value: UInt64) -> UInt64 {
    var z = value
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Something that can salt a seed: strings hash stably (FNV-1a), never with Swift's `Hasher`,
/// which is randomised per process.
public protocol SeedSalt: Sendable {
  var saltValue: UInt64 { get }
}

extension String: SeedSalt {
  public var saltValue: UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3
    }
    return hash
  }
}

extension Int: SeedSalt {
  public var saltValue: UInt64 { UInt64(bitPattern: Int64(self)) }
}

extension Double {
  /// The value rounded to `places` decimals, as the web APIs print them.
  public func rounded(places: Int) -> Double {
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    return (self * scale).rounded() / scale
  }
}
