import Dispatch
import Operators
import OperatorsTestSupport
import XCTest

/// The virtual clock behind every test and script.
/// State handed to another thread (the loop's queue, a thread that interrupts a clock),
/// which the tests read only after that thread is done.
private final class Box<Value>: @unchecked Sendable {
  var value: Value
  init(_ value: Value) { self.value = value }
}

final class SchedulerTests: LeakCheckingTestCase {
  /// Schedules `name` after `delay` milliseconds, logging "name@time" when it runs.
  @discardableResult
  private func log(
    _ name: String, after delay: Int, on clock: VirtualTimeScheduler, into log: Log
  ) -> any Disposable {
    clock.schedule(after: ms(delay)) { log.entries.append("\(name)@\(Int(clock.now.milliseconds))") }
  }

  private final class Log { var entries: [String] = [] }

  func testSameTimeItemsRunInScheduleOrder() {
    let clock = VirtualTimeScheduler()
    let entries = Log()
    for name in ["a", "b", "c"] { log(name, after: 10, on: clock, into: entries) }
    log("early", after: 5, on: clock, into: entries)
    _ = clock.schedule(after: ms(10)) { self.log("late", after: 0, on: clock, into: entries) }
    XCTAssertTrue(clock.run())
    XCTAssertEqual(entries.entries, ["early@5", "a@10", "b@10", "c@10", "late@10"])
  }

  func testAdvanceToRunsWhatIsDueAndStopsAtTheTarget() {
    let clock = VirtualTimeScheduler()
    let entries = Log()
    log("a", after: 10, on: clock, into: entries)
    log("b", after: 30, on: clock, into: entries)
    clock.advance(to: ms(20))
    XCTAssertEqual(entries.entries, ["a@10"])
    XCTAssertEqual(clock.now, ms(20))
    XCTAssertEqual(clock.nextDueTime, ms(30))
    clock.advance(by: ms(10))
    XCTAssertEqual(entries.entries, ["a@10", "b@30"])
    XCTAssertEqual(clock.now, ms(30))
    XCTAssertTrue(clock.isIdle)
  }

  func testCancelledItemsNeitherRunNorMoveTheClock() {
    let clock = VirtualTimeScheduler()
    let entries = Log()
    log("kept", after: 10, on: clock, into: entries)
    let cancelled = log("cancelled", after: 50, on: clock, into: entries)
    cancelled.dispose()
    XCTAssertEqual(clock.nextDueTime, ms(10))
    XCTAssertTrue(clock.run())
    XCTAssertEqual(entries.entries, ["kept@10"])
    XCTAssertEqual(clock.now, ms(10))
  }

  func testScheduledItemsCountAsResourcesUntilRunOrCancelled() throws {
    guard Resources.isTracking else {
      return XCTFail("resource counting is compiled in debug builds only: run the tests in debug")
    }
    let clock = VirtualTimeScheduler()
    let before = Resources.total
    let first = clock.schedule(after: ms(10)) {}
    _ = clock.schedule(after: ms(20)) {}
    XCTAssertEqual(Resources.total, before + 2)
    first.dispose()
    XCTAssertEqual(Resources.total, before + 1)
    clock.run()
    XCTAssertEqual(Resources.total, before)
  }

  func testHoldStopsTimeButLetsDueItemsRun() {
    let clock = VirtualTimeScheduler()
    let entries = Log()
    var released = 0
    clock.onRelease = { released += 1 }
    let hold = clock.holdClock()
    log("now", after: 0, on: clock, into: entries)
    log("later", after: 20, on: clock, into: entries)
    XCTAssertFalse(clock.run())
    clock.advance(to: ms(50))
    XCTAssertEqual(entries.entries, ["now@0"])
    XCTAssertEqual(clock.now, .zero)
    XCTAssertTrue(clock.isHeld)
    hold.release()
    hold.release()
    XCTAssertEqual(released, 1)
    XCTAssertTrue(clock.run())
    XCTAssertEqual(entries.entries, ["now@0", "later@20"])
  }

  func testHoldTakenByAnItemPausesTheRunUntilEveryHoldIsReleased() {
    let clock = VirtualTimeScheduler()
    let entries = Log()
    var holds: [ClockHold] = []
    var released = 0
    clock.onRelease = { released += 1 }
    _ = clock.schedule(after: ms(10)) { holds = [clock.holdClock(), clock.holdClock()] }
    log("after", after: 30, on: clock, into: entries)
    XCTAssertFalse(clock.run())
    XCTAssertEqual(clock.now, ms(10))
    holds[0].release()
    XCTAssertEqual(released, 0)
    XCTAssertFalse(clock.run())
    holds[1].release()
    XCTAssertEqual(released, 1)
    XCTAssertTrue(clock.run())
    XCTAssertEqual(entries.entries, ["after@30"])
  }

  func testRunUntilLeavesLaterItemsPending() {
    let clock = VirtualTimeScheduler()
    let entries = Log()
    log("a", after: 10, on: clock, into: entries)
    log("b", after: 50, on: clock, into: entries)
    XCTAssertFalse(clock.run(until: ms(30)))
    XCTAssertEqual(entries.entries, ["a@10"])
    XCTAssertEqual(clock.now, ms(10))
    XCTAssertEqual(clock.nextDueTime, ms(50))
    XCTAssertTrue(clock.run())
    XCTAssertEqual(entries.entries, ["a@10", "b@50"])
  }

  /// `stop()` from an item, and `interrupt()` (Ctrl-C) made during one, alike.
  func testStopOrInterruptEndsTheRunAfterTheCurrentItem() {
    for (name, end) in [("stop", VirtualTimeScheduler.stop), ("interrupt", VirtualTimeScheduler.interrupt)] {
      let clock = VirtualTimeScheduler()
      let entries = Log()
      _ = clock.schedule(after: ms(10)) { end(clock)() }
      log("b", after: 10, on: clock, into: entries)
      XCTAssertFalse(clock.run(), name)
      XCTAssertEqual(entries.entries, [], name)
      XCTAssertTrue(clock.run(), name)
      XCTAssertEqual(entries.entries, ["b@10"], name)
    }
  }

  func testAStopDoesNotOutliveItsRunButAnInterruptWaitsForTheNextOne() {
    let clock = VirtualTimeScheduler()
    let entries = Log()
    log("a", after: 10, on: clock, into: entries)
    log("b", after: 20, on: clock, into: entries)
    clock.stop()  // no run in progress: the next run starts afresh
    XCTAssertFalse(clock.run(until: ms(10)), "b is left")
    XCTAssertEqual(entries.entries, ["a@10"])
    // An interrupt from another thread (Ctrl-C) made between runs stops the next one at once.
    let done = DispatchSemaphore(value: 0)
    let handle = Box(clock)  // the other thread only calls interrupt(), safe from any thread
    DispatchQueue.global().async {
      handle.value.interrupt()
      done.signal()
    }
    done.wait()
    XCTAssertFalse(clock.run())
    XCTAssertEqual(entries.entries, ["a@10"])
    // It is used up: the run after it goes on.
    XCTAssertTrue(clock.run())
    XCTAssertEqual(entries.entries, ["a@10", "b@20"])
  }

  func testAnInterruptDuringAnItemEndsTheAdvanceAfterIt() {
    let clock = VirtualTimeScheduler()
    let entries = Log()
    log("b", after: 10, on: clock, into: entries)
    log("c", after: 30, on: clock, into: entries)
    _ = clock.schedule(after: ms(15)) { clock.interrupt() }
    clock.advance(to: ms(40))
    XCTAssertEqual(entries.entries, ["b@10"])
    XCTAssertEqual(clock.now, ms(15), "a stopped advance leaves the clock at the item that stopped it")
    clock.advance(to: ms(40))
    XCTAssertEqual(entries.entries, ["b@10", "c@30"])
    XCTAssertEqual(clock.now, ms(40))
  }

  func testScheduleAtAPastTimeRunsNow() {
    let clock = VirtualTimeScheduler(start: ms(100))
    let entries = Log()
    clock.schedule(at: ms(40)) { entries.entries.append("past@\(Int(clock.now.milliseconds))") }
    clock.run()
    XCTAssertEqual(entries.entries, ["past@100"])
  }
}

/// The wall clock sped up: each test waits a few tens of milliseconds at most.
final class RealTimeSchedulerTests: LeakCheckingTestCase {
  private func wallMilliseconds(since start: UInt64) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
  }

  func testTimerAtSpeedTenFiresAfterATenthOfItsTime() {
    let loop = Loop.main
    let clock = RealTimeScheduler(loop: loop, speed: 10)
    let done = expectation(description: "timer completed")
    let start = DispatchTime.now().uptimeNanoseconds
    let wall = Box(0.0)
    let virtual = Box(Time.zero)
    let values = Box([Int]())
    let subscription = Box<(any Disposable)?>(nil)
    let context = UncheckedSendable((clock, self))
    loop.queue.async {
      let (clock, test) = context.value
      subscription.value = Observable<Int>.timer(.milliseconds(200), scheduler: clock).subscribe(
        onNext: { values.value.append($0) },
        onCompleted: {
          wall.value = test.wallMilliseconds(since: start)
          virtual.value = clock.now
          done.fulfill()
        })
    }
    wait(for: [done], timeout: 1)
    loop.queue.sync { subscription.value = nil }
    XCTAssertEqual(values.value, [0])
    XCTAssertGreaterThanOrEqual(wall.value, 15, "fired too early")
    XCTAssertLessThan(wall.value, 190, "speed was not applied")
    XCTAssertGreaterThanOrEqual(virtual.value, .milliseconds(200))
  }

  func testNowRunsAtTheGivenSpeed() {
    let clock = RealTimeScheduler(loop: .main, speed: 10)
    let before = clock.now
    usleep(20_000)
    let elapsed = clock.now - before
    XCTAssertGreaterThanOrEqual(elapsed, .milliseconds(190))
    XCTAssertLessThan(elapsed, .seconds(2))
  }

  func testCancelledItemNeverRuns() {
    let loop = Loop.main
    let clock = RealTimeScheduler(loop: loop, speed: 10)
    let done = expectation(description: "later item ran")
    let ran = Box([String]())
    loop.queue.sync {
      let cancelled = clock.schedule(after: .milliseconds(50)) { ran.value.append("cancelled") }
      cancelled.dispose()
      _ = clock.schedule(after: .milliseconds(100)) {
        ran.value.append("kept")
        done.fulfill()
      }
    }
    wait(for: [done], timeout: 1)
    XCTAssertEqual(loop.queue.sync { ran.value }, ["kept"])
  }

  func testHoldsDoNotStopTheWallClock() {
    let loop = Loop.main
    let clock = RealTimeScheduler(loop: loop, speed: 10)
    let done = expectation(description: "ran while held")
    let hold = clock.holdClock()
    loop.queue.sync { _ = clock.schedule(after: .milliseconds(50)) { done.fulfill() } }
    wait(for: [done], timeout: 1)
    hold.release()
  }
}
