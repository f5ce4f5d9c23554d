import PipeDSL
import XCTest

/// Issue 17.7: the scenarios of the RxSwift oracle that need more than one pipeline. Each
/// `expect` is what RxSwift 6.10.2 recorded on RxTest's scheduler.
extension RxSwiftAgreementTests {
  // MARK: two observers of one stream, the second from 15 ms

  /// Background statements that follow one another start together and share their `let`
  /// names: observer A from 0, observer B from 15 ms (`timer 15ms | flatMap (s)`), as
  /// RxTest's `scheduleAt(0)` and `scheduleAt(15)` subscribe one observable. With `share`
  /// on either side of `retry 2`, B joins A's attempts; without it, B has its own.
  func testTwoObserversAtDifferentTimes() {
    for (pipeline, observerB) in [
      (#"cold "10ms a 9ms #" | share | retry 2"#, "30ms a 9ms #"),
      (#"cold "10ms a 9ms #" | retry 2 | share"#, "30ms a 9ms #"),
      (#"cold "10ms a 9ms #" | retry 2"#, "25ms a 19ms a 9ms #"),
    ] {
      assertAgrees(
        """
        let s = \(pipeline)
        s | expect "10ms a 19ms a 9ms #" &
        timer 15ms | flatMap (s) | expect "\(observerB)" &
        """)
    }
  }

  /// Shared or not, the source runs as often as RxSwift subscribed it: twice with `share`,
  /// four times without (A's two attempts and B's two); each run emits one value.
  func testTwoObserversSubscribeTheSourceAsOften() {
    for (pipeline, runs) in [("share | retry 2", 2), ("retry 2 | share", 2), ("retry 2", 4)] {
      let output = assertAgrees(
        """
        let s = cold "10ms a 9ms #" | onNext count values | \(pipeline)
        s | expect "10ms a 19ms a 9ms #" &
        timer 15ms | flatMap (s) | materialize | discard &
        """)
      XCTAssertEqual(output.lines.last, "values: \(runs)", pipeline)
    }
  }

  /// Jobs started together run on one clock from one instant, and a hot source in a `let`
  /// is one timeline for them: B, subscribed at 5 ms, hears `a` at 10 ms right after A.
  /// A later statement starts a timeline of its own.
  func testJobsStartedTogetherShareAHotTimeline() {
    let output = assertAgrees(
      #"""
      let h = hot "10ms a 9ms b|"
      h | onNext say { "A " + . } | expect "10ms a 9ms b|" &
      timer 5ms | flatMap (h) | onNext say { "B " + . } | expect "10ms a 9ms b|" &
      h | expect "10ms a 9ms b|"
      """#)
    XCTAssertEqual(output.lines, ["A a", "B a", "A b", "B b"])
  }

  // MARK: a handler typed to one error kind

  /// RxSwift's `retry(when:)` typed to one error forwards another at once: the notifier
  /// never hears it (consulted 0, one subscription).
  func testATypedHandlerDoesNotHearAnotherKind() {
    let output = assertAgrees(
      #"""
      cold "5ms #" ["#": timeout] | retryWhen (errors | onError count consulted | take 3) on serverFailure | expect "5ms #" ["#": timeout]
      cold "5ms #" ["#": timeout] | retryWhen (errors | take 3) on serverFailure | expect attempts 1
      """#)
    XCTAssertEqual(output.lines, [])
  }

  /// A notifier that would retry anything (its `catch` answers the error with a value) is
  /// not asked about a kind it is not typed to.
  func testATypedHandlerCannotRetryAnotherKind() {
    assertAgrees(
      #"""
      cold "5ms #" ["#": timeout] | retryWhen (errors | catch (just 1)) on serverFailure | expect "5ms #" ["#": timeout]
      """#)
  }

  /// Its own kind is retried; the next error, of another kind, passes: consulted once, two
  /// subscriptions, the timeout at 10 ms.
  func testATypedHandlerRetriesItsKindOnly() {
    let output = assertAgrees(
      #"""
      cold ["5ms s", "5ms t"] | throwIf { . == "s" } serverFailure | throwIf { . == "t" } timeout | retryWhen (errors | onNext count consulted | take 3) on serverFailure | expect "10ms #" ["#": timeout]
      """#)
    XCTAssertEqual(output.lines, ["consulted: 1"])
  }

  // MARK: a source that reads state on each subscription

  /// The book's wait for the API key: the request fails while the key is empty, retries
  /// when it is set (at 50 ms), and its value comes 100 ms later. The key itself is never
  /// seen: it reads as `••••`.
  func testASourceReadsStateOnEachSubscription() {
    let output = assertAgrees(
      #"""
      set book.apiKey ""
      current(book.apiKey) | throwIf { . == "" } invalidKey | delay 100ms | retryWhen until(book.apiKey) | expect "150ms (k|)" [k: "••••"] &
      timer 50ms | discard
      set book.apiKey "0123abcd"
      current(book.apiKey) | show
      """#, settings: Self.withSecret())
    XCTAssertEqual(output.lines, ["••••"])
  }

  /// Settings with a secret of the book's app, `book.apiKey`.
  static func withSecret() -> Settings {
    Settings(
      definitions: Settings.globals + [.init(key: "book.apiKey", defaultValue: "", doc: "the book's key")])
  }
}
