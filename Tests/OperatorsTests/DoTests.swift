import Operators
import OperatorsTestSupport
import XCTest

final class DoTests: LeakCheckingTestCase {
  func testDoOnErrorBeforeRetryRunsPerAttemptAfterItOnce() {
    let scheduler = TestScheduler()
    let xs = scheduler.createColdObservable([.next(5, 1), .error(10, TestError())] as [Recorded<Int>])
    var before: [Int] = []
    var after: [Int] = []
    let res = scheduler.start {
      xs.asObservable()
        .do(onError: { _ in before.append(scheduler.clockMilliseconds) })
        .retry(3)
        .do(onError: { _ in after.append(scheduler.clockMilliseconds) })
    }
    XCTAssertEqual(before, [210, 220, 230])
    XCTAssertEqual(after, [230])
    XCTAssertEqual(res.events, [.next(205, 1), .next(215, 1), .next(225, 1), .error(230, TestError())])
    XCTAssertEqual(
      xs.subscriptions, [Subscription(200, 210), Subscription(210, 220), Subscription(220, 230)])
  }

  func testDoRunsActionsInRxSwiftsOrder() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
    var log: [String] = []
    let res = scheduler.start {
      xs.asObservable()
        .do(
          onNext: { log.append("onNext \($0)") }, afterNext: { log.append("afterNext \($0)") },
          onCompleted: { log.append("onCompleted") }, onSubscribe: { log.append("onSubscribe") },
          onSubscribed: { log.append("onSubscribed") }, onDispose: { log.append("onDispose") }
        )
        .do(onNext: { log.append("downstream \($0)") }, onCompleted: { log.append("downstream |") })
    }
    XCTAssertEqual(res.events, [.next(210, 1), .completed(220)])
    XCTAssertEqual(
      log,
      [
        "onSubscribe", "onSubscribed", "onNext 1", "downstream 1", "afterNext 1", "onCompleted",
        "downstream |", "onDispose",
      ])
  }

  func testDoThrowingEndsTheStreamWithItsError() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
    let res = scheduler.start {
      xs.asObservable().do(onNext: { if $0 == 2 { throw TestError("side effect") } })
    }
    XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError("side effect"))])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
  }

  func testDoOnDisposeRunsOnceWhenDisposed() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, 1)])
    var disposedAt: [Int] = []
    let res = scheduler.start(disposed: 250) {
      xs.asObservable().do(onDispose: { disposedAt.append(scheduler.clockMilliseconds) })
    }
    XCTAssertEqual(res.events, [.next(210, 1)])
    XCTAssertEqual(disposedAt, [250])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
  }

  func testDoOnDisposeOfASynchronousSourceRunsAfterOnSubscribed() {
    var log: [String] = []
    Observable.just(1)
      .do(
        onCompleted: { log.append("onCompleted") }, onSubscribed: { log.append("onSubscribed") },
        onDispose: { log.append("onDispose") }
      )
      .subscribe()
    XCTAssertEqual(log, ["onCompleted", "onSubscribed", "onDispose"])
  }
}
