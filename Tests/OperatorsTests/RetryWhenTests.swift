import Operators
import OperatorsTestSupport
import XCTest

final class RetryWhenTests: LeakCheckingTestCase {
  func testRetryWhenWhoseNotifierCompletesCompletesSilently() {
    let scheduler = TestScheduler()
    let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .error(30, TestError())])
    let res = scheduler.start(disposed: 300) {
      xs.asObservable().retry(when: { errors in first(1, of: errors) })
    }
    XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .next(240, 1), .next(250, 2), .completed(260)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 230), Subscription(230, 260)])
  }

  func testRetryWhenNotifierErrorIsForwarded() {
    let scheduler = TestScheduler()
    let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .error(30, TestError())])
    let res = scheduler.start(disposed: 300) {
      xs.asObservable().retry(when: { errors in
        errors.scan(0) { count, _ in
          if count == 1 { throw TestError("notifier") }
          return count + 1
        }
      })
    }
    XCTAssertEqual(
      res.events,
      [.next(210, 1), .next(220, 2), .next(240, 1), .next(250, 2), .error(260, TestError("notifier"))])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 230), Subscription(230, 260)])
  }

  func testRetryWhenNotifierCompletingBeforeTheErrorCompletesAtTheError() {
    let scheduler = TestScheduler()
    let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .error(30, TestError())])
    let notifier = scheduler.createHotObservable([.next(150, 1), .completed(230)])
    let res = scheduler.start { xs.asObservable().retry(when: { _ in notifier.asObservable() }) }
    XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(230)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    XCTAssertEqual(notifier.subscriptions, [Subscription(200, 230)])
  }

  func testRetryWhenNotifierStoppingWhileTheSourceRunsChangesNothingYet() {
    let scheduler = TestScheduler()
    let xs = scheduler.createHotObservable([.next(220, 1), .completed(250)])
    let notifier = scheduler.createHotObservable([.completed(210)] as [Recorded<Int>])
    let res = scheduler.start(disposed: 300) {
      xs.asObservable().retry(when: { _ in notifier.asObservable() })
    }
    XCTAssertEqual(res.events, [.next(220, 1), .completed(250)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
  }

  func testRetryWhenSilentNotifierLeavesTheResultWaiting() {
    let scheduler = TestScheduler()
    let xs = scheduler.createColdObservable([.next(10, 1), .error(30, TestError())])
    let never = scheduler.createHotObservable([.next(150, 1)])
    let res = scheduler.start { xs.asObservable().retry(when: { _ in never.asObservable() }) }
    XCTAssertEqual(res.events, [.next(210, 1)])
    XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    XCTAssertEqual(never.subscriptions, [Subscription(200, 1000)])
  }

  func testRetryWhenCallsTheNotifierPerSubscriptionAndSubscribesItFirst() {
    var log: [String] = []
    let source = Observable<Int>.create { observer in
      log.append("source")
      observer.onCompleted()
      return Disposables.empty
    }
    let retried = source.retry(when: { errors -> Observable<Any> in
      log.append("notifier")
      return Observable<Any>(unsafe: { _ in
        log.append("notifier subscribed")
        return Disposables.empty
      })
    })
    retried.subscribe()
    retried.subscribe()
    XCTAssertEqual(
      log, ["notifier", "notifier subscribed", "source", "notifier", "notifier subscribed", "source"])
  }

  func testRetryWhenDelaysWithTimersFromTheNotifier() {
    let scheduler = TestScheduler()
    let xs = scheduler.createColdObservable([.next(5, 1), .error(10, TestError())])
    let res = scheduler.start(disposed: 400) {
      xs.asObservable().retry(when: { errors in
        delayed(errors, by: ms(50), scheduler: scheduler)
      })
    }
    XCTAssertEqual(res.events, [.next(205, 1), .next(265, 1), .next(325, 1), .next(385, 1)])
    XCTAssertEqual(
      xs.subscriptions,
      [Subscription(200, 210), Subscription(260, 270), Subscription(320, 330), Subscription(380, 390)])
  }

  func testRetryWhenSynchronousFailuresDoNotGrowTheStack() {
    var subscriptions = 0
    let source = Observable<Int>.create { observer in
      subscriptions += 1
      if subscriptions < 200_000 { observer.onError(TestError()) } else { observer.onCompleted() }
      return Disposables.empty
    }
    var completed = false
    source.retry(when: { $0 }).subscribe(onCompleted: { completed = true })
    XCTAssertEqual(subscriptions, 200_000)
    XCTAssertTrue(completed)
  }
}

/// The first `count` elements of `source`, then completion.
private func first<Element>(_ count: Int, of source: Observable<Element>) -> Observable<Element> {
  Observable.create { observer in
    var left = count
    return source.subscribe(onNext: { value in
      guard left > 0 else { return }
      left -= 1
      observer.onNext(value)
      if left == 0 { observer.onCompleted() }
    })
  }
}

/// Each element of `source`, `delay` later.
private func delayed<Element>(
  _ source: Observable<Element>, by delay: Time, scheduler: TestScheduler
) -> Observable<Element> {
  Observable.create { observer in
    let timers = CompositeDisposable()
    timers.insert(
      source.subscribe(onNext: { value in
        timers.insert(scheduler.schedule(after: delay) { observer.onNext(value) })
      }))
    return timers
  }
}
