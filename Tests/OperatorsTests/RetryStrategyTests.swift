import Operators
import OperatorsTestSupport
import XCTest

final class RetryStrategyTests: LeakCheckingTestCase {
  private func delays(_ strategy: RetryStrategy, seed: UInt64 = 42) -> [Time] {
    Array(strategy.makeSchedule(seed: seed))
  }

  func seconds(_ values: Double...) -> [Time] { values.map { .seconds($0) } }

  func testSeededGeneratorIsSplitMix64() {
    var generator = SeededGenerator(seed: 0)
    XCTAssertEqual(generator.next(), 0xE220_A839_7B1D_CDAF)
    XCTAssertEqual(generator.next(), 0x6E78_9E6A_A1B9_65F4)
    XCTAssertEqual(generator.next(), 0x06C4_5D18_8009_454F)
  }

  func testSeededGeneratorUniformStaysInRange() {
    var generator = SeededGenerator(seed: 7)
    for _ in 0..<1000 { XCTAssert((-3...5).contains(generator.uniform(in: -3...5))) }
    XCTAssertEqual(generator.uniform(in: 4...4), 4)
  }

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

  func testScheduleOfEachJitterForSeed42() {
    let expected: [Jitter: [Int64]] = [
      .full: [741_564_879, 319_820_785, 1_114_404_521, 2_753_525_732, 380_301_685, 8_682_280_766],
      .equal: [870_782_440, 1_159_910_393, 2_557_202_260, 5_376_762_866, 5_190_150_842, 9_341_140_383],
      .decorrelated: [
        2_483_129_758, 2_031_324_372, 2_419_186_667, 3_153_794_060, 1_321_787_790, 3_574_611_735,
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
