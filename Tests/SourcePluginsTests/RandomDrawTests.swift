import RandomCore
import SourceCore
import XCTest

final class RandomDrawTests: XCTestCase {
  private func draws(seed: UInt64, attempts: ClosedRange<Int> = 1...50) -> [Int] {
    attempts.map { RandomDraw.draw(in: -100...200, seed: seed, attempt: $0) }
  }

  func testARerunWithTheSameSeedRepeatsEveryDraw() {
    XCTAssertEqual(draws(seed: 42), draws(seed: 42))
    XCTAssertNotEqual(draws(seed: 42), draws(seed: 43))
  }

  func testEachAttemptDrawsAnew() {
    let values = draws(seed: 42)
    XCTAssertGreaterThan(Set(values).count, 40, "50 attempts drew \(Set(values).count) distinct numbers")
    XCTAssertNotEqual(values[0], values[1])
  }

  func testDrawsStayInTheRangeAndCoverIt() {
    let values = draws(seed: 5, attempts: 1...3000)
    XCTAssertEqual(values.min(), -100)
    XCTAssertEqual(values.max(), 200)
    XCTAssertEqual(try RandomDraw.draw(min: 3, max: 3, seed: 1, attempt: 9).get(), 3)
  }

  func testMinAboveMaxIsAnInvalidArgument() {
    XCTAssertEqual(
      RandomDraw.draw(min: 5, max: 1, seed: 1, attempt: 1),
      .failure(SourceError(.invalidArgument, "random(5, 1): min is above max")))
  }

  func testTheOwnSeedWinsOverTheGlobalOneWhichWinsOverTheDefault() {
    XCTAssertEqual(RandomDraw.seed(own: 1, global: 2), 1)
    XCTAssertEqual(RandomDraw.seed(own: nil, global: 2), 2)
    XCTAssertEqual(RandomDraw.seed(own: nil, global: nil), RandomDraw.defaultSeed)
  }
}
