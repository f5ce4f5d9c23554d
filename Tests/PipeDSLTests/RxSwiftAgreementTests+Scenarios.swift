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

  /// Without `share`, each observer counts its own attempts, as each RxSwift subscription
  /// runs its own `retry` and its own `errors.enumerated()`: the error records of A (at
  /// 40 ms) and of B (at 55 ms) both say attempt 2, not 3 and 4 counted across both.
  func testTwoObserversOfAColdNameCountTheirOwnAttempts() {
    assertAgrees(
      #"""
      let s = cold "10ms a 9ms #" | retry 2
      s | materialize | filter { .event == "error" } | map { .error.attempt } | expect "40ms (n|)" [n: 2] &
      timer 15ms | flatMap (s) | materialize | filter { .event == "error" } | map { .error.attempt } | expect "55ms (n|)" [n: 2] &
      """#)
  }

  /// The book's back-off on `.attempt` (wait 1 s, then 2 s; give up at the third error) runs
  /// whole for each observer: A gives up at 3030 ms, B, from 15 ms, at 3045 ms. Counted
  /// across both, B waited 2 s after its first error and A gave up at 1020 ms. In one
  /// statement (`merge`) as in jobs started together.
  func testABackOffOnTheAttemptRunsWholeForEachObserver() {
    let handler = "retryWhen (errors | throwIf { .attempt >= 3 } . | flatMap (timer { .attempt }))"
    assertAgrees(
      """
      let s = cold "10ms #" | \(handler)
      s | expect "3030ms #" &
      timer 15ms | flatMap (s) | expect "3045ms #" &
      s | merge (timer 15ms | flatMap (s)) | expect "3030ms #"
      """)
  }

  /// A list of diagrams plays from its first for each observer of a cold name: B, from
  /// 15 ms, fails at 25 ms and gets `a` from its retry, as A did.
  func testEachObserverOfAColdNamePlaysTheListFromTheStart() {
    assertAgrees(
      #"""
      let f = cold ["10ms #", "10ms (a|)"] | retry 2
      f | expect "20ms (a|)" &
      timer 15ms | flatMap (f) | expect "35ms (a|)" &
      """#)
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
