import Operators
import OperatorsTestSupport
import XCTest

/// RxSwift's CurrentThreadScheduler: `of`, `from` and `range` subscribed during another
/// subscription emit once it returns, one value per turn (RxSwift 6.10 recorded each).
final class CurrentThreadTests: LeakCheckingTestCase {
  func values(_ observable: Observable<Int>) -> [String] {
    var seen: [String] = []
    _ = observable.subscribe(
      onNext: { seen.append("\($0)") }, onError: { _ in seen.append("#") }, onCompleted: { seen.append("|") })
    return seen
  }

  func testJustEmitsAtOnceAndOfAfterTheSubscription() {
    XCTAssertEqual(values(Observable.of(20).merge(with: .just(1))), ["1", "20", "|"])
  }

  func testTwoListsInterleaveOneValuePerTurn() {
    XCTAssertEqual(values(Observable.of(1, 2).merge(with: .of(3, 4))), ["1", "3", "2", "4", "|"])
    XCTAssertEqual(
      values(Observable.range(start: 1, count: 2).merge(with: .from([3, 4]))), ["1", "3", "2", "4", "|"])
  }

  func testCombineLatestPairsEveryValueOfAList() {
    XCTAssertEqual(values(Observable.of(4, 9).combineLatest(.just(1)) { $0 * 10 + $1 }), ["41", "91", "|"])
  }

  /// On its own, a list still emits everything during `subscribe`, and stops early.
  func testAListOnItsOwnEmitsDuringSubscribe() {
    XCTAssertFalse(CurrentThread.isInstalled)
    XCTAssertEqual(values(Observable.range(start: 0, count: 1_000_000_000).take(2)), ["0", "1", "|"])
    XCTAssertFalse(CurrentThread.isInstalled)
  }

  /// Disposing a subscription whose values still wait in the queue drops them.
  func testDisposingBeforeTheTurnDropsTheValues() {
    var seen: [Int] = []
    let outer = Observable<Int>(unsafe: { observer in
      let inner = Observable.of(1, 2).subscribe(observer)
      inner.dispose()
      return inner
    })
    _ = outer.subscribe(onNext: { seen.append($0) })
    XCTAssertEqual(seen, [])
  }

  /// A source failing during its subscription: the notifier's completion (take's second
  /// value) ends the result before the second retry is made; two subscriptions in all.
  func testRetryWhenOnASynchronousFailureSubscribesTwice() {
    var subscriptions = 0
    let failing = Observable<Int>.deferred {
      subscriptions += 1
      return .error(TestError("f1"))
    }
    XCTAssertEqual(values(failing.retry(when: { $0.take(2) })), ["|"])
    XCTAssertEqual(subscriptions, 2)
  }
}

/// Each thread has its own trampoline: a subscription in progress on one thread does not
/// defer what another thread subscribes, and that thread's lists still interleave.
final class CurrentThreadPerThreadTests: LeakCheckingTestCase {
  /// What the other thread saw; read after it signalled.
  final class Seen: @unchecked Sendable {
    var installed = true
    var values: [Int] = []
  }

  func testASubscriptionOnAnotherThreadHasItsOwnTrampoline() {
    let seen = Seen()
    let outer = Observable<Int>(unsafe: { observer in
      XCTAssertTrue(CurrentThread.isInstalled)
      let done = DispatchSemaphore(value: 0)
      Thread {
        seen.installed = CurrentThread.isInstalled
        _ = Observable.of(1, 2).merge(with: .of(3, 4)).subscribe(onNext: { seen.values.append($0) })
        done.signal()
      }.start()
      done.wait()
      observer.onCompleted()
      return Disposables.empty
    })
    _ = outer.subscribe(onNext: { _ in })
    XCTAssertFalse(seen.installed)
    XCTAssertEqual(seen.values, [1, 3, 2, 4])
    XCTAssertFalse(CurrentThread.isInstalled)
  }

  /// A thread's trampoline is a C thread-local released when the thread ends: threads that
  /// come and go (as the real clock's and plugins' do) each get a fresh one, empty and not
  /// installed, and their lists still interleave one value per turn.
  func testThreadsThatEndLeaveNoTrampolineBehind() {
    let seen = Seen()
    seen.installed = false
    for _ in 0..<40 {
      let done = DispatchSemaphore(value: 0)
      Thread {
        if CurrentThread.isInstalled { seen.installed = true }
        _ = Observable.of(1, 2).merge(with: .of(3, 4)).subscribe(onNext: { seen.values.append($0) })
        if CurrentThread.isInstalled { seen.installed = true }
        done.signal()
      }.start()
      done.wait()
    }
    seen.installed = seen.installed || CurrentThread.isInstalled
    XCTAssertFalse(seen.installed)
    XCTAssertEqual(seen.values, Array(repeating: [1, 3, 2, 4], count: 40).flatMap { $0 })
  }
}
