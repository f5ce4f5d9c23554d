/// A small deterministic generator (SplitMix64): the same seed and salts give the same draws on
/// every run and every platform, which is what makes the simulators repeatable.
///
///     var rng = SeededRandom(seed: 42, salts: ["London", 1])
///     rng.int(in: 200...400)   // the same number every time
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

  /// An integer in `range`, both ends included.
  public mutating func int(in range: ClosedRange<Int>) -> Int {
    let span = UInt64(bitPattern: Int64(range.upperBound) &- Int64(range.lowerBound)) &+ 1
    let offset = span == 0 ? next() : next() % span
    return Int(truncatingIfNeeded: Int64(range.lowerBound) &+ Int64(bitPattern: offset))
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
