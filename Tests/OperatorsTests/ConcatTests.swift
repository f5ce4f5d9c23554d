import Operators
import OperatorsTestSupport
import XCTest

final class ConcatTests: LeakCheckingTestCase {
  func testSubscribesEachSourceWhenThePreviousCompletes() {
    let scheduler = TestScheduler()
    let a = scheduler.createHotObservable([.next(210, 1), .completed(230)])
    let b = scheduler.createHotObservable([.next(220, 2), .next(240, 3), .completed(250)])
    let res = scheduler.start { a.asObservable().concat(b.asObservable()) }
    XCTAssertEqual(res.events, [.next(210, 1), .next(240, 3), .completed(250)])
    XCTAssertEqual(a.subscriptions, [Subscription(200, 230)])
    XCTAssertEqual(b.subscriptions, [Subscription(230, 250)])
  }

  func testColdSourcesPlayBackToBack() {
    let scheduler = TestScheduler()
    let a = scheduler.createColdObservable([.next(10, 1), .completed(20)])
    let b = scheduler.createColdObservable([.next(10, 2), .completed(20)])
    let res = scheduler.start {
      Observable.concat([a.asObservable(), b.asObservable(), a.asObservable()])
    }
    XCTAssertEqual(res.events, [.next(210, 1), .next(230, 2), .next(250, 1), .completed(260)])
    XCTAssertEqual(a.subscriptions, [Subscription(200, 220), Subscription(240, 260)])
    XCTAssertEqual(b.subscriptions, [Subscription(220, 240)])
  }

  func testErrorStopsBeforeTheNextSource() {
    let scheduler = TestScheduler()
    let a = scheduler.createColdObservable([.next(10, 1), .error(20, TestError("a"))])
    let b = scheduler.createColdObservable([.next(10, 2), .completed(20)])
    let res = scheduler.start { a.asObservable().concat(b.asObservable()) }
    XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError("a"))])
    XCTAssertEqual(a.subscriptions, [Subscription(200, 220)])
    XCTAssertEqual(b.subscriptions, [])
  }

  func testDisposingEndsTheCurrentSource() {
    let scheduler = TestScheduler()
    let a = scheduler.createColdObservable([.next(10, 1), .completed(20)])
    let b = scheduler.createColdObservable([.next(10, 2), .next(100, 3), .completed(200)])
    let res = scheduler.start(disposed: 300) { a.asObservable().concat(b.asObservable()) }
    XCTAssertEqual(res.events, [.next(210, 1), .next(230, 2)])
    XCTAssertEqual(b.subscriptions, [Subscription(220, 300)])
  }

  func testConcatOfNothingCompletesAtOnce() {
    let scheduler = TestScheduler()
    let res = scheduler.start { Observable<Int>.concat([]) }
    XCTAssertEqual(res.events, [.completed(200)])
  }

  func testHundredThousandSynchronousSourcesDoNotGrowTheStack() {
    let sources = (0..<100_000).map { Observable.just($0) }
    var count = 0
    var last = -1
    var completed = false
    _ = Observable.concat(sources).subscribe(
      onNext: {
        count += 1
        last = $0
      }, onCompleted: { completed = true })
    XCTAssertEqual(count, 100_000)
    XCTAssertEqual(last, 99_999)
    XCTAssertTrue(completed)
  }

  /// A stopped run (Ctrl-C, a runaway) stops a concat of synchronous sources at once.
  func testStopsPlayingSynchronousSourcesOnceTheRunIsStopped() {
    let control = RunControl()
    var values: [Int] = []
    let observer = Observer<Int>(lifetime: control) { event in
      guard let value = event.element else { return }
      values.append(value)
      if values.count == 3 { control.stop(.interrupted) }
    }
    Observable.concat((0..<1000).map { Observable.just($0) }).subscribe(observer).dispose()
    XCTAssertEqual(values, [0, 1, 2])
  }

  /// Downstream ending while the subscription is in progress does not stop it: as RxSwift's,
  /// the concat plays every source, into nothing (`take` drops what comes after its end).
  func testPlaysEverySourceWhenDownstreamEndedDuringTheSubscription() {
    var subscribed = 0
    let source = Observable<Int>.deferred {
      subscribed += 1
      return .just(subscribed)
    }
    var values: [Int] = []
    Observable.concat(Array(repeating: source, count: 5)).take(1)
      .subscribe(onNext: { values.append($0) }).dispose()
    XCTAssertEqual(values, [1])
    XCTAssertEqual(subscribed, 5)
  }
}
