import Operators
import OperatorsTestSupport
import XCTest

final class CreateTests: LeakCheckingTestCase {
  func testEventsAfterAStopEventAreDropped() {
    let scheduler = TestScheduler()
    let res = scheduler.start {
      Observable<Int>.create { observer in
        observer.onNext(1)
        observer.onError(TestError())
        observer.onNext(2)
        observer.onCompleted()
        return Disposables.empty
      }
    }
    XCTAssertEqual(res.events, [.next(200, 1), .error(200, TestError())])
  }

  func testTheSubscriptionIsReleasedWhenTheStreamEnds() {
    let scheduler = TestScheduler()
    var releasedAt: [Int] = []
    let res = scheduler.start {
      Observable<Int>.create { observer in
        let timer = scheduler.schedule(after: ms(30)) { observer.onCompleted() }
        return Disposables.create {
          releasedAt.append(scheduler.clockMilliseconds)
          timer.dispose()
        }
      }
    }
    XCTAssertEqual(res.events, [.completed(230)])
    XCTAssertEqual(releasedAt, [230], "released once, at the completion, not again at 1000")
  }

  func testDisposingReleasesTheSubscriptionAndSilencesTheObserver() {
    let scheduler = TestScheduler()
    var upstream: Observer<Int>?
    var releasedAt: [Int] = []
    scheduler.scheduleAt(250) { upstream?.onNext(1) }
    scheduler.scheduleAt(350) { upstream?.onNext(2) }
    let res = scheduler.start(disposed: 300) {
      Observable<Int>.create { observer in
        upstream = observer
        return Disposables.create { releasedAt.append(scheduler.clockMilliseconds) }
      }
    }
    upstream = nil
    XCTAssertEqual(res.events, [.next(250, 1)])
    XCTAssertEqual(releasedAt, [300])
  }

  func testAReleaseReturnedAfterASynchronousCompletionRunsAtOnce() {
    var released = false
    var completed = false
    Observable<Int>.create { observer in
      observer.onCompleted()
      return Disposables.create { released = true }
    }
    .subscribe(onCompleted: { completed = true })
    XCTAssertTrue(completed)
    XCTAssertTrue(released)
  }
}
