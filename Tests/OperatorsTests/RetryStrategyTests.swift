import Operators
import OperatorsTestSupport
import XCTest

final class RetryStrategyTests: LeakCheckingTestCase {
  private func delays(_ strategy: RetryStrategy, seed: UInt64 = 42) -> [Time] {
    Array(strategy.makeSchedule(seed: seed))
  }

  func seconds(_ values: Double...) -> [Time] { values.map { .seconds($0) } }

  func testScheduleOfDelays() {
    XCTAssertEqual(delays(.delays(seconds(1, 3, 5, 10))), seconds(1, 3, 5, 10))
  }

  func testScheduleOfConstantLinearBinaryAndImmediate() {
    XCTAssertEqual(delays(.constant(.seconds(2), times: 3)), seconds(2, 2, 2))
    XCTAssertEqual(delays(.linear(.seconds(1.5), times: 4)), seconds(1.5, 3, 4.5, 6))
    XCTAssertEqual(delays(.binaryExponential(.seconds(1), times: 4)), seconds(2, 4, 8, 16))
    XCTAssertEqual(delays(.immediate(3)), [.zero, .zero, .zero])
  }

  func testScheduleOfExponentialWithoutJitterIsCapped() {
    let strategy = RetryStrategy.exponential(initial: .seconds(1), max: .seconds(10), times: 6)
    XCTAssertEqual(delays(strategy), seconds(1, 2, 4, 8, 10, 10))
    let tripling = RetryStrategy.exponential(initial: .milliseconds(100), factor: 3, times: 3)
    XCTAssertEqual(delays(tripling), seconds(0.1, 0.3, 0.9))
  }

  /// The draws of `SeededRandom.int(in:)` (SplitMix64, the remainder of each draw, without
  /// its bias); they changed when the engine's own multiply-shift generator was folded into it.
  func testScheduleOfEachJitterForSeed42() {
    let expected: [Jitter: [Int64]] = [
      .full: [75_817_894, 651_979_246, 3_177_942_922, 3_464_606_007, 6_071_809_972, 4_061_390_950],
      .equal: [896_360_403, 1_177_066_202, 3_893_121_986, 6_670_956_250, 6_001_656_693, 7_459_792_838],
      .decorrelated: [
        2_915_546_651, 6_944_811_689, 10_000_000_000, 5_039_317_900, 6_309_516_224, 5_447_831_392,
      ],
    ]
    for (jitter, values) in expected {
      let strategy = RetryStrategy.exponential(
        initial: .seconds(1), max: .seconds(10), jitter: jitter, times: 6)
      XCTAssertEqual(delays(strategy), values.map { .nanoseconds($0) }, "\(jitter)")
    }
  }

  func testSameSeedSameScheduleOtherSeedOtherSchedule() {
    let strategy = RetryStrategy.exponential(initial: .seconds(1), jitter: .full, times: 5)
    XCTAssertEqual(delays(strategy, seed: 9), delays(strategy, seed: 9))
    XCTAssertNotEqual(delays(strategy, seed: 9), delays(strategy, seed: 10))
  }

  func testJitteredDelaysFallWithinTheirBounds() {
    for jitter in Jitter.allCases {
      let strategy = RetryStrategy.exponential(
        initial: .milliseconds(500), max: .seconds(8), jitter: jitter, times: 8)
      for seed in UInt64(0)..<50 {
        for (index, delay) in delays(strategy, seed: seed).enumerated() {
          let bounds = strategy.bounds(attempt: index + 1)!
          XCTAssert(bounds.contains(delay), "\(jitter) seed \(seed): \(delay) not in \(bounds)")
        }
      }
    }
  }

  func testBoundsWithoutRunning() {
    let full = RetryStrategy.exponential(initial: .seconds(1), max: .seconds(5), jitter: .full, times: 4)
    XCTAssertEqual(full.bounds(attempt: 3), .zero ... .seconds(4))
    XCTAssertEqual(full.bounds(attempt: 4), .zero ... .seconds(5))
    XCTAssertNil(full.bounds(attempt: 5))
    XCTAssertNil(full.bounds(attempt: 0))
    let equal = RetryStrategy.exponential(initial: .seconds(1), jitter: .equal, times: 2)
    XCTAssertEqual(equal.bounds(attempt: 2), .seconds(1) ... .seconds(2))
    let decorrelated = RetryStrategy.exponential(initial: .seconds(1), jitter: .decorrelated, times: 9)
    XCTAssertEqual(decorrelated.bounds(attempt: 2), .seconds(1) ... .seconds(9))
    XCTAssertEqual(decorrelated.bounds(attempt: 9), .seconds(1) ... .seconds(30))
    XCTAssertEqual(
      RetryStrategy.linear(.seconds(2), times: 3).bounds(attempt: 3), .seconds(6) ... .seconds(6))
  }

  func testHugeExponentsSaturateInsteadOfTrapping() {
    let strategy = RetryStrategy.binaryExponential(.seconds(1), times: 200)
    XCTAssertEqual(delays(strategy).last, .nanoseconds(1_000_000_000_000_000_000))
  }
}

extension RetryStrategyTests {
  func testDescriptionsReadAsTheLanguageWritesThem() {
    XCTAssertEqual(String(describing: RetryStrategy.delays(seconds(1, 3))), "delays(1s, 3s)")
    XCTAssertEqual(String(describing: RetryStrategy.linear(.seconds(1), times: 2)), "linear(1s, times: 2)")
    XCTAssertEqual(
      String(describing: RetryStrategy.exponential(initial: .milliseconds(500), jitter: .full, times: 5)),
      "exponential(500ms, factor: 2, max: 30s, jitter: full, times: 5)")
    XCTAssertEqual(
      String(describing: RetryStrategy.binaryExponential(.seconds(1), times: 4)),
      "binaryExponential(1s, times: 4)")
    XCTAssertEqual(String(describing: RetryStrategy.immediate(3)), "immediate(3)")
    XCTAssertEqual(
      String(describing: RetryStrategy.constant(.seconds(2), times: 1)), "constant(2s, times: 1)")
  }
}
