import Operators
import OperatorsTestSupport
import XCTest

final class ShareTests: LeakCheckingTestCase {
  func testTwoSubscribersShareOneUpstreamSubscription() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([
      .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(300),
    ])
    var shared: Observable<Int>!
    scheduler.scheduleAt(100) { shared = xs.asObservable().share() }
    let first = scheduler.record({ shared }, from: 200)
    let second = scheduler.record({ shared }, from: 225)
    scheduler.start()
    XCTAssertEqual(
      first.events, [.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(300)])
    XCTAssertEqual(second.events, [.next(230, 3), .next(240, 4), .completed(300)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
  }

  func testSubscriberAfterCompletionReconnects() {
    let scheduler = TestScheduler()
    let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
    let shared = xs.asObservable().share()
    let first = scheduler.record({ shared }, from: 200)
    let second = scheduler.record({ shared }, from: 205)
    let late = scheduler.record({ shared }, from: 250)
    scheduler.start()
    XCTAssertEqual(first.events, [.next(210, 1), .completed(220)])
    XCTAssertEqual(second.events, [.next(210, 1), .completed(220)])
    XCTAssertEqual(late.events, [.next(260, 1), .completed(270)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 220), Subscription(250, 270)])
  }

  func testLastSubscriberLeavingDisconnectsAndTheNextOneReconnects() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, 1), .next(255, 2), .next(310, 3)])
    let shared = xs.asObservable().share()
    let first = scheduler.record({ shared }, from: 200, to: 250)
    let second = scheduler.record({ shared }, from: 220, to: 260)
    let third = scheduler.record({ shared }, from: 300, to: 400)
    scheduler.start()
    XCTAssertEqual(first.events, [.next(210, 1)])
    XCTAssertEqual(second.events, [.next(255, 2)])
    XCTAssertEqual(third.events, [.next(310, 3)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 260), Subscription(300, 400)])
  }

  func testErrorReachesEverySubscriberAndTheNextOneReconnects() {
    let scheduler = TestScheduler()
    let xs = scheduler.createColdObservable([.next(10, 1), .error(20, TestError("x"))])
    let shared = xs.asObservable().share()
    let first = scheduler.record({ shared }, from: 200)
    let second = scheduler.record({ shared }, from: 215)
    let late = scheduler.record({ shared }, from: 300)
    scheduler.start()
    XCTAssertEqual(first.events, [.next(210, 1), .error(220, TestError("x"))])
    XCTAssertEqual(second.events, [.error(220, TestError("x"))])
    XCTAssertEqual(late.events, [.next(310, 1), .error(320, TestError("x"))])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 220), Subscription(300, 320)])
  }

  func testReplayGivesNewcomersTheLastValuesOfTheCurrentConnectionOnly() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([
      .next(210, 1), .next(220, 2), .next(230, 3), .next(320, 4),
    ])
    let shared = xs.asObservable().share(replay: 2)
    let first = scheduler.record({ shared }, from: 200, to: 250)
    let second = scheduler.record({ shared }, from: 240, to: 260)
    let afterReconnect = scheduler.record({ shared }, from: 300, to: 400)
    scheduler.start()
    XCTAssertEqual(first.events, [.next(210, 1), .next(220, 2), .next(230, 3)])
    XCTAssertEqual(second.events, [.next(240, 2), .next(240, 3)])
    XCTAssertEqual(afterReconnect.events, [.next(320, 4)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 260), Subscription(300, 400)])
  }

  func testSynchronousSourceIsRunOncePerConnection() {
    var runs = 0
    let shared = Observable<Int>.create { observer in
      runs += 1
      observer.onNext(runs)
      observer.onCompleted()
      return Disposables.empty
    }.share()
    var values: [Int] = []
    shared.subscribe(onNext: { values.append($0) }).dispose()
    shared.subscribe(onNext: { values.append($0) }).dispose()
    XCTAssertEqual(values, [1, 2])
    XCTAssertEqual(runs, 2)
  }

  func testEndlessSynchronousSourceStopsWhenItsOnlySubscriberEnds() {
    let recorder = StoppingRecorder<Int>(limit: 3)
    Observable.just(5).repeat().share().subscribe(recorder.observer).dispose()
    XCTAssertEqual(recorder.values, [5, 5, 5])
  }
}
