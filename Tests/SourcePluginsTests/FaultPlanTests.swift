import SourceCore
import XCTest

final class FaultPlanTests: XCTestCase {
  func testASequenceGivesAttemptNItsNthStepAndRepeatsTheLast() throws {
    let plan = try FaultPlan(parsing: "500, 503,timeout,ok")
    let steps = (1...6).map { plan.step(attempt: $0, seed: 1, salt: "x") }
    XCTAssertEqual(steps, [.status(500), .status(503), .timeout, .ok, .ok, .ok])
  }

  func testTheLastStepRepeatsEvenWhenItIsAFault() throws {
    let plan = try FaultPlan(parsing: "ok,429")
    XCTAssertEqual(
      (1...4).map { plan.step(attempt: $0, seed: 1, salt: "x") },
      [.ok, .status(429), .status(429), .status(429)])
  }

  func testEveryFaultWordParses() throws {
    let plan = try FaultPlan(parsing: "401,404,429,500,503,timeout,offline,garbage,OK")
    XCTAssertEqual(
      plan,
      .sequence([
        .status(401), .status(404), .status(429), .status(500), .status(503), .timeout, .offline, .garbage,
        .ok,
      ]))
  }

  func testEmptyAndNoneMeanNoFaults() throws {
    XCTAssertEqual(try FaultPlan(parsing: ""), .none)
    XCTAssertEqual(try FaultPlan(parsing: " none "), .none)
    XCTAssertEqual(FaultPlan.none.step(attempt: 7, seed: 1, salt: "x"), .ok)
  }

  func testMalformedPlansAreInvalidSettingsThatSayWhy() {
    for text in [
      "500,,ok", "teapot", "200", "600", "rate(1.5)", "rate(x)", "rate(0.1, 2, 3)", "rate(0.2, nope)",
    ] {
      XCTAssertThrowsError(try FaultPlan(parsing: text), text) { error in
        XCTAssertEqual((error as? SourceError)?.kind, .invalidSetting, text)
      }
    }
    XCTAssertThrowsError(try FaultPlan(parsing: "teapot")) { error in
      XCTAssertEqual(
        (error as? SourceError)?.message,
        "unknown fault 'teapot': use ok, timeout, offline, garbage or an HTTP status 400-599")
    }
  }

  func testARateFailsAboutThatShareOfAttemptsTheSameWayForTheSameSeed() throws {
    let plan = try FaultPlan(parsing: "rate(0.3)")
    XCTAssertEqual(plan, .rate(0.3, .status(503)))
    let run = { (seed: UInt64) in (1...1000).map { plan.step(attempt: $0, seed: seed, salt: "London") } }
    let failures = run(42).filter { $0 != .ok }.count
    XCTAssertTrue((250...350).contains(failures), "\(failures) failures in 1000")
    XCTAssertEqual(run(42), run(42))
    XCTAssertNotEqual(run(42), run(43))
    XCTAssertEqual(Set(run(42)), [.ok, .status(503)])
  }

  func testARateCanNameItsFault() throws {
    let plan = try FaultPlan(parsing: "rate(1, timeout)")
    XCTAssertEqual(plan.step(attempt: 1, seed: 9, salt: "x"), .timeout)
    XCTAssertEqual(try FaultPlan(parsing: "rate(0)").step(attempt: 1, seed: 9, salt: "x"), .ok)
  }

  func testDescriptionsReadBackAsTheSamePlan() throws {
    for text in [
      "500,500,ok", "rate(0.3)", "rate(0.5, timeout)", "", "garbage,offline", "429@7s,ok",
      "rate(0.2, 503@2s)",
    ] {
      let plan = try FaultPlan(parsing: text)
      XCTAssertEqual(plan.description, text)
      XCTAssertEqual(try FaultPlan(parsing: plan.description), plan)
    }
  }

  func testAStatusCanCarryARetryAfter() throws {
    XCTAssertEqual(try FaultPlan(parsing: "429@7s,ok"), .sequence([.status(429, retryAfter: 7), .ok]))
    XCTAssertEqual(try FaultPlan(parsing: "503@0"), .sequence([.status(503, retryAfter: 0)]))
    XCTAssertEqual(try FaultPlan(parsing: "rate(1, 429@2s)"), .rate(1, .status(429, retryAfter: 2)))
    for text in ["429@", "429@soon", "429@-1s", "429@1.5s", "429@86401s", "ok@7s"] {
      XCTAssertThrowsError(try FaultPlan(parsing: text), text) { error in
        XCTAssertEqual((error as? SourceError)?.kind, .invalidSetting, text)
      }
    }
    XCTAssertThrowsError(try FaultPlan(parsing: "429@soon")) { error in
      XCTAssertEqual(
        (error as? SourceError)?.message,
        "'429@soon': a Retry-After is whole seconds from 0 to 86400, as in 429@7s")
    }
  }
}
