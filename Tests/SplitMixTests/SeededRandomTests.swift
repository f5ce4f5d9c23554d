import SplitMix
import XCTest

final class SeededRandomTests: XCTestCase {
  func testItIsSplitMix64() {
    var generator = SeededRandom(seed: 0)
    XCTAssertEqual(generator.next(), 0xE220_A839_7B1D_CDAF)
    XCTAssertEqual(generator.next(), 0x6E78_9E6A_A1B9_65F4)
    XCTAssertEqual(generator.next(), 0x06C4_5D18_8009_454F)
  }

  func testTheSameSeedAndSaltsDrawTheSameNumbers() {
    var a = SeededRandom(seed: 42, salts: ["London", 3])
    var b = SeededRandom(seed: 42, salts: ["London", 3])
    XCTAssertEqual((0..<20).map { _ in a.next() }, (0..<20).map { _ in b.next() })
  }

  func testAnotherSeedOrSaltDrawsOtherNumbers() {
    let first = { (seed: UInt64, salts: [any SeedSalt]) -> UInt64 in
      var rng = SeededRandom(seed: seed, salts: salts)
      return rng.next()
    }
    let base = first(42, ["London", 3])
    XCTAssertNotEqual(base, first(43, ["London", 3]))
    XCTAssertNotEqual(base, first(42, ["Paris", 3]))
    XCTAssertNotEqual(base, first(42, ["London", 4]))
  }

  func testStringSaltsAreStableAcrossRuns() {
    // FNV-1a of "a", fixed forever: a per-process Hasher would break reruns.
    XCTAssertEqual("a".saltValue, 0xAF63_DC4C_8601_EC8C)
  }

  func testIntegersStayInTheirRangeAndReachBothEnds() {
    var rng = SeededRandom(seed: 7)
    let draws = (0..<2000).map { _ in rng.int(in: -3...3) }
    XCTAssertEqual(Set(draws), Set(-3...3))
    XCTAssertEqual(rng.int(in: 5...5), 5)
    XCTAssertTrue((Int.min...Int.max).contains(rng.int(in: Int.min...Int.max)))
  }

  func testDoublesStayInTheirRangeRounded() {
    var rng = SeededRandom(seed: 7)
    for _ in 0..<500 {
      let value = rng.double(in: -4...4)
      XCTAssertTrue((-4...4).contains(value))
      XCTAssertEqual(value, value.rounded(places: 2))
    }
  }

  /// A span of 3·2⁶² numbers: the remainder of a draw alone lands in its lowest third half
  /// of the time (the draws 0 ..< 2⁶² and 3·2⁶² ..< 2⁶⁴ both do), twice as often as in each
  /// of the other two. Each third is as likely as the others.
  func testLargeSpansAreNotBiasedTowardsLowNumbers() {
    var rng = SeededRandom(seed: 1)
    let quarter = 1 << 62
    let draws = 30_000
    var low = 0
    for _ in 0..<draws where rng.int(in: Int.min...(quarter - 1)) < Int.min + quarter { low += 1 }
    let share = Double(low) / Double(draws)
    XCTAssertEqual(share, 1.0 / 3.0, accuracy: 0.02, "share of draws in the lowest third")
  }

  func testBelowAcceptsEveryBound() {
    var rng = SeededRandom(seed: 3)
    XCTAssertEqual(rng.below(1), 0)
    for bound: UInt64 in [2, 3, 7, 1 << 63, (1 << 63) + 1, .max] {
      for _ in 0..<100 { XCTAssertLessThan(rng.below(bound), bound) }
    }
  }

  /// The simulators' small spans draw the numbers the remainder alone drew: what the
  /// examples and docs show does not change.
  func testSmallSpansDrawWhatTheRemainderDrew() {
    var rng = SeededRandom(seed: 42, salts: ["London", 1])
    var raw = SeededRandom(seed: 42, salts: ["London", 1])
    for _ in 0..<1000 {
      XCTAssertEqual(rng.int(in: 200...400), 200 + Int(raw.next() % 201))
    }
  }
}
