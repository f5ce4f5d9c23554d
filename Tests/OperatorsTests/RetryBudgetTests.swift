import Operators
import OperatorsTestSupport
import XCTest

final class RetryBudgetTests: XCTestCase {
  func testRetriesStayWithinTheRatioOfTheRequestsPlusTheReserve() {
    // 0.2 × 10 requests + a reserve of 1 per 10 s: three retries within the window, not four.
    let budget = RetryBudget(ratio: 0.2, minimum: Rate(1, per: .seconds(10)))
    for tick in 0..<10 { budget.deposit(at: ms(tick)) }
    XCTAssertEqual((0..<4).map { budget.tryWithdraw(at: ms(100 + $0)) }, [true, true, true, false])
    XCTAssertEqual(budget.counts(at: ms(200)).requests, 10)
    XCTAssertEqual(budget.counts(at: ms(200)).retries, 3)
  }

  func testAHigherRatioAllowsTheFourthRetry() {
    let budget = RetryBudget(ratio: 0.3, minimum: Rate(1, per: .seconds(10)))
    for tick in 0..<10 { budget.deposit(at: ms(tick)) }
    XCTAssertEqual((0..<4).map { budget.tryWithdraw(at: ms(100 + $0)) }, [true, true, true, true])
  }

  func testRequestsAndRetriesLeaveTheWindowAfterTenSeconds() {
    let budget = RetryBudget(ratio: 0.5, minimum: Rate(1, per: .seconds(10)))
    budget.deposit(at: ms(0))
    budget.deposit(at: ms(0))
    XCTAssertEqual([budget.tryWithdraw(at: ms(1)), budget.tryWithdraw(at: ms(2))], [true, true])
    XCTAssertFalse(budget.tryWithdraw(at: ms(9_999)))
    // At 10 s the two requests and the two retries are forgotten: only the reserve is left.
    XCTAssertEqual(budget.counts(at: ms(10_002)).requests, 0)
    XCTAssertEqual([budget.tryWithdraw(at: ms(10_002)), budget.tryWithdraw(at: ms(10_003))], [true, false])
  }

  func testARefundGivesTheLastRetryBack() {
    let budget = RetryBudget(ratio: 0, minimum: Rate(1, per: .seconds(10)))
    XCTAssertTrue(budget.tryWithdraw(at: ms(0)))
    XCTAssertFalse(budget.tryWithdraw(at: ms(1)))
    budget.refund()
    XCTAssertTrue(budget.tryWithdraw(at: ms(2)))
  }
}
