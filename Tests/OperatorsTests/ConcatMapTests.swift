import Operators
import OperatorsTestSupport
import XCTest

final class ConcatMapTests: LeakCheckingTestCase {
  func testValuesWaitForThePlayingInner() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([
      .next(210, 1), .next(220, 2), .next(300, 3), .completed(400),
    ])
    var inners: [Int: TestableObservable<Int>] = [:]
    var selectedAt: [Int] = []
    let res = scheduler.start {
      xs.asObservable().concatMap { value -> Observable<Int> in
        selectedAt.append(scheduler.clockMilliseconds)
        let inner = scheduler.createColdObservable([
          .next(10, value * 10), .next(20, value * 10 + 1), .completed(30),
        ])
        inners[value] = inner
        return inner.asObservable()
      }
    }
    XCTAssertEqual(
      res.events,
      [
        .next(220, 10), .next(230, 11), .next(250, 20), .next(260, 21),
        .next(310, 30), .next(320, 31), .completed(400),
      ])
    XCTAssertEqual(selectedAt, [210, 220, 300])
    XCTAssertEqual(inners[1]!.subscriptions, [Subscription(210, 240)])
    XCTAssertEqual(inners[2]!.subscriptions, [Subscription(240, 270)])
    XCTAssertEqual(inners[3]!.subscriptions, [Subscription(300, 330)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
  }

  func testCompletesWithTheLastInnerAfterTheSourceCompleted() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .completed(220)])
    let ys = scheduler.createColdObservable([.next(10, 5), .completed(20)])
    let res = scheduler.start { xs.asObservable().concatMap { _ in ys.asObservable() } }
    XCTAssertEqual(res.events, [.next(220, 5), .next(240, 5), .completed(250)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    XCTAssertEqual(ys.subscriptions, [Subscription(210, 230), Subscription(230, 250)])
  }

  func testInnerErrorEndsTheStreamBeforeWaitingInnersPlay() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(400)])
    let failing = scheduler.createColdObservable([.next(10, 1), .error(20, TestError("x"))])
    let waiting = scheduler.createColdObservable([.next(10, 2), .completed(20)])
    let res = scheduler.start {
      xs.asObservable().concatMap { $0 == 1 ? failing.asObservable() : waiting.asObservable() }
    }
    XCTAssertEqual(res.events, [.next(220, 1), .error(230, TestError("x"))])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    XCTAssertEqual(failing.subscriptions, [Subscription(210, 230)])
    XCTAssertEqual(waiting.subscriptions, [])
  }

  func testSelectorErrorEndsTheStream() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(400)])
    let ys = scheduler.createColdObservable([.next(5, 1), .completed(100)])
    let res = scheduler.start {
      xs.asObservable().concatMap { value -> Observable<Int> in
        if value == 2 { throw TestError("selector") }
        return ys.asObservable()
      }
    }
    XCTAssertEqual(res.events, [.next(215, 1), .error(220, TestError("selector"))])
    XCTAssertEqual(ys.subscriptions, [Subscription(210, 220)])
  }

  func testLongQueueOfSynchronousInnersDrainsWithoutRecursion() {
    let scheduler = TestScheduler()
    let slow = scheduler.createColdObservable([.next(10, -1), .completed(20)])
    let source = Observable<Int>.create { observer in
      for value in 0...100_000 { observer.onNext(value) }
      observer.onCompleted()
      return Disposables.empty
    }
    var count = 0
    var completedAt: Int?
    scheduler.scheduleAt(200) {
      _ = source.concatMap { $0 == 0 ? slow.asObservable() : .just($0) }
        .subscribe(
          onNext: { _ in count += 1 }, onCompleted: { completedAt = scheduler.clockMilliseconds })
    }
    scheduler.start()
    XCTAssertEqual(count, 100_001)
    XCTAssertEqual(completedAt, 220)
  }

  func testDisposingEndsTheSourceAndThePlayingInnerAndDropsTheWaitingOnes() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(500)])
    let inners = [
      1: scheduler.createColdObservable([.next(10, 10), .next(100, 11), .completed(200)]),
      2: scheduler.createColdObservable([.next(10, 20), .completed(20)]),
    ]
    let res = scheduler.start(disposed: 300) {
      xs.asObservable().concatMap { inners[$0]!.asObservable() }
    }
    XCTAssertEqual(res.events, [.next(220, 10)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    XCTAssertEqual(inners[1]!.subscriptions, [Subscription(210, 300)])
    XCTAssertEqual(inners[2]!.subscriptions, [])
  }
}
