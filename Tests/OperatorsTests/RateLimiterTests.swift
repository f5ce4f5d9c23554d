import Operators
import OperatorsTestSupport
import XCTest

final class RateLimiterTests: LeakCheckingTestCase {
  func testTwoTokensPerPeriodTheThirdIsRefusedUntilTheNextPeriod() {
    let scheduler = TestScheduler()
    let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
    let limiter = RateLimiter(Rate(2, per: ms(100)))
    let source = xs.asObservable().rateLimit(limiter, scheduler: scheduler)
    let res = [200, 230, 260, 300, 310].map { time in scheduler.record({ source }, from: time) }
    scheduler.start()
    XCTAssertEqual(res[0].events, [.next(210, 1), .completed(220)])
    XCTAssertEqual(res[1].events, [.next(240, 1), .completed(250)])
    // The first period runs from 200 to 300: the third subscription waits 40 ms for the next.
    XCTAssertEqual(res[2].events, [.error(260, RateLimitedError(retryAfter: ms(40), rate: limiter.rate))])
    XCTAssertEqual(res[3].events, [.next(310, 1), .completed(320)])
    XCTAssertEqual(res[4].events, [.next(320, 1), .completed(330)])
    XCTAssertEqual(
      xs.subscriptions,
      [Subscription(200, 220), Subscription(230, 250), Subscription(300, 320), Subscription(310, 330)])
  }

  func testTokensLeftOverAreNotCarriedIntoTheNextPeriod() {
    let scheduler = TestScheduler()
    let xs = scheduler.createColdObservable([.completed(5)] as [Recorded<Int>])
    let limiter = RateLimiter(Rate(2, per: ms(100)))
    let source = xs.asObservable().rateLimit(limiter, scheduler: scheduler)
    // Nothing at all in the period from 300 to 400: the period from 500 has two tokens, not six.
    let res = [200, 500, 510, 520].map { time in scheduler.record({ source }, from: time) }
    scheduler.start()
    XCTAssertEqual(res[1].events, [.completed(505)])
    XCTAssertEqual(res[2].events, [.completed(515)])
    XCTAssertEqual(res[3].events, [.error(520, RateLimitedError(retryAfter: ms(80), rate: limiter.rate))])
  }

  func testOneMoreTokenLetsTheThirdRun() {
    let scheduler = TestScheduler()
    let xs = scheduler.createColdObservable([.completed(5)] as [Recorded<Int>])
    let source = xs.asObservable().rateLimit(RateLimiter(Rate(3, per: ms(100))), scheduler: scheduler)
    let res = [200, 230, 260].map { time in scheduler.record({ source }, from: time) }
    scheduler.start()
    XCTAssertEqual(res[2].events, [.completed(265)])
    XCTAssertEqual(
      String(describing: RateLimitedError(retryAfter: ms(1), rate: Rate(1, per: ms(1)))), "rateLimited")
  }
}
