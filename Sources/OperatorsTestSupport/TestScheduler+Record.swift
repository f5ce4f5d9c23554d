// XCTest's assertions: compiled only where XCTest is (a release build with
// --static-swift-stdlib builds every regular target, and has no XCTest).
#if canImport(XCTest)
  import Operators
  import XCTest

  extension TestScheduler {
    /// Makes the observable now, subscribes it at the `^` of `subscription` and disposes it at
    /// its `!` (times from now), runs the clock until nothing is left, and returns what the
    /// observer saw: RxJS's `expectObservable(source, subscription)`.
    ///
    ///     let res = scheduler.record { xs.asObservable().map { $0 * 10 } }
    ///     assertMarbles(res, "-a-b|", values: ["a": 10, "b": 20])
    ///     let early = scheduler.record("^--!") { xs.asObservable() }  // disposed at 3ms
    public func record<Element>(
      _ subscription: String = "^", file: StaticString = #filePath, line: UInt = #line,
      _ create: () -> Observable<Element>
    ) -> TestableObserver<Element> {
      let observer = createObserver(Element.self)
      let source = create()
      let times = subscriptionTimes(subscription, file: file, line: line)
      var disposable: (any Disposable)?
      // Scheduled first, the disposal comes before events on its frame, as in RxJS.
      if let end = times.end {
        _ = clock.schedule(after: end) {
          disposable?.dispose()
          disposable = nil
        }
      }
      let subscribe = { disposable = source.subscribe(observer.asObserver()) }
      if times.start == .zero { subscribe() } else { _ = clock.schedule(after: times.start, subscribe) }
      start()
      return observer
    }

    private func subscriptionTimes(
      _ subscription: String, file: StaticString, line: UInt
    ) -> (start: Time, end: Time?) {
      do {
        let diagram = try MarbleDiagram(subscription: subscription)
        return (diagram.subscription ?? .zero, diagram.unsubscription)
      } catch {
        XCTFail("\"\(subscription)\": \(error)", file: file, line: line)
        return (.zero, nil)
      }
    }
  }
#endif
