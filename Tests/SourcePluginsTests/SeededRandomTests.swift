import SourceCore
import XCTest

final class SeededRandomTests: XCTestCase {
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
}
