import PipeDSL
import XCTest

/// Issue 17.7: the scenarios of the RxSwift oracle that need more than one pipeline. Each
/// `expect` is what RxSwift 6.10.2 recorded on RxTest's scheduler.
extension RxSwiftAgreementTests {
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
