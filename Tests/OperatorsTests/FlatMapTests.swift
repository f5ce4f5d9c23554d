import Operators
import OperatorsTestSupport
import XCTest

final class FlatMapTests: LeakCheckingTestCase {
  func testMergesInnersAndCompletesAfterSourceAndAllInners() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, 1), .next(250, 2), .completed(300)])
    let inners = [
      1: scheduler.createColdObservable([.next(10, 11), .next(60, 12), .completed(70)]),
      2: scheduler.createColdObservable([.next(15, 21), .next(35, 22), .completed(45)]),
    ]
    let res = scheduler.start { xs.asObservable().flatMap { inners[$0]!.asObservable() } }
    XCTAssertEqual(
      res.events,
      [.next(220, 11), .next(265, 21), .next(270, 12), .next(285, 22), .completed(300)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    XCTAssertEqual(inners[1]!.subscriptions, [Subscription(210, 280)])
    XCTAssertEqual(inners[2]!.subscriptions, [Subscription(250, 295)])
  }

  func testCompletesWithTheLastInnerAfterTheSourceCompleted() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
    let ys = scheduler.createColdObservable([.next(50, 5), .completed(100)])
    let res = scheduler.start { xs.asObservable().flatMap { _ in ys.asObservable() } }
    XCTAssertEqual(res.events, [.next(260, 5), .completed(310)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    XCTAssertEqual(ys.subscriptions, [Subscription(210, 310)])
  }

  func testInnerErrorEndsTheStreamAndDisposesSourceAndOtherInnersAtThatTick() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, 1), .next(250, 2), .completed(400)])
    let inners = [
      1: scheduler.createColdObservable([.next(10, 11), .next(100, 12), .completed(200)]),
      2: scheduler.createColdObservable([.next(20, 21), .error(30, TestError("inner"))]),
    ]
    let res = scheduler.start { xs.asObservable().flatMap { inners[$0]!.asObservable() } }
    XCTAssertEqual(res.events, [.next(220, 11), .next(270, 21), .error(280, TestError("inner"))])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 280)])
    XCTAssertEqual(inners[1]!.subscriptions, [Subscription(210, 280)])
    XCTAssertEqual(inners[2]!.subscriptions, [Subscription(250, 280)])
  }

  func testSourceErrorDisposesInners() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, 1), .error(250, TestError("outer"))])
    let ys = scheduler.createColdObservable([.next(10, 11), .next(100, 12), .completed(200)])
    let res = scheduler.start { xs.asObservable().flatMap { _ in ys.asObservable() } }
    XCTAssertEqual(res.events, [.next(220, 11), .error(250, TestError("outer"))])
    XCTAssertEqual(ys.subscriptions, [Subscription(210, 250)])
  }

  func testSelectorErrorEndsTheStreamAndDisposesInners() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
    let ys = scheduler.createColdObservable([.next(10, 11), .completed(200)])
    let res = scheduler.start {
      xs.asObservable().flatMap { value -> Observable<Int> in
        if value == 2 { throw TestError("selector") }
        return ys.asObservable()
      }
    }
    XCTAssertEqual(res.events, [.next(220, 11), .error(230, TestError("selector"))])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    XCTAssertEqual(ys.subscriptions, [Subscription(210, 230)])
  }

  func testDisposingEndsSourceAndInners() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(600)])
    let ys = scheduler.createColdObservable([.next(10, 7), .next(200, 8), .completed(300)])
    let res = scheduler.start(disposed: 260) { xs.asObservable().flatMap { _ in ys.asObservable() } }
    XCTAssertEqual(res.events, [.next(220, 7), .next(230, 7)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 260)])
    XCTAssertEqual(ys.subscriptions, [Subscription(210, 260), Subscription(220, 260)])
  }

  func testSynchronousInnersArePassedOnInOrder() {
    var events: [Event<Int>] = []
    let source = Observable<Int>.create { observer in
      for value in 1...3 { observer.onNext(value) }
      observer.onCompleted()
      return Disposables.empty
    }
    _ = source.flatMap { Observable.just($0 * 10) }.subscribe(Observer { events.append($0) })
    XCTAssertEqual(events, [.next(10), .next(20), .next(30), .completed])
  }
}
