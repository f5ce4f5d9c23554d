import PipeDSL
import XCTest

/// Issue 33: each `expect` is what RxSwift 6.10.2 recorded on RxTest's scheduler (1 tick =
/// 1 ms, no processing delay) for the same pipeline, its events and how often the first stage
/// was subscribed.
extension RxSwiftAgreementTests {
  // MARK: 33.1 a stage's end passes downstream before its upstream is released

  /// `take`'s completion reaches `repeat` while the shared source above is still connected:
  /// the new attempt joins it (b at 10 ms), and the source runs once.
  func testTakesCompletionReachesRepeatBeforeTheSharedSourceIsReleased() {
    assertAgrees(
      #"""
      cold "5ms a 4ms b 4ms |" [a: 1, b: 2] | share | take 1 | share | repeat 2 | expect "5ms a 4ms (b|)" [a: 1, b: 2]
      cold "5ms a 4ms b 4ms |" [a: 1, b: 2] | share | take 1 | share | repeat 2 | expect attempts 1
      every 10ms | share | take 1 | share | repeat 3 | expect "10ms a 9ms b 9ms (c|)" [a: 0, b: 1, c: 2]
      every 10ms | share | take 1 | share | repeat 3 | expect attempts 1
      """#)
  }

  /// The same for the other stages that end their downstream: `take DURATION`'s completion,
  /// `takeWhile`'s, `throwIf`'s and `timeout`'s errors, with `repeat` or `retry` below.
  func testEveryStageThatEndsItsDownstreamEndsItBeforeReleasingItsUpstream() {
    assertAgrees(
      #"""
      every 10ms | share | take 25ms | share | repeat 2 | expect "10ms a 9ms b 9ms c 9ms d 9ms |" [a: 0, b: 1, c: 2, d: 3]
      every 10ms | share | take 25ms | share | repeat 2 | expect attempts 1
      cold "2ms a 3ms b 3ms c 3ms d 5ms |" [a: 1, b: 9, c: 2, d: 3] | share | takeWhile { . < 5 } | share | repeat 2 | expect "2ms a 7ms c 3ms d 5ms |" [a: 1, c: 2, d: 3]
      cold "2ms a 3ms b 3ms c 3ms d 5ms |" [a: 1, b: 9, c: 2, d: 3] | share | takeWhile { . < 5 } | share | repeat 2 | expect attempts 1
      cold "2ms a 3ms b 3ms c 3ms d 5ms |" [a: 1, b: 9, c: 2, d: 3] | share | throwIf { . > 5 } big | share | retry 2 | expect "2ms a 7ms c 3ms d 5ms |" [a: 1, c: 2, d: 3]
      cold "2ms a 3ms b 3ms c 3ms d 5ms |" [a: 1, b: 9, c: 2, d: 3] | share | throwIf { . > 5 } big | share | retry 2 | expect attempts 1
      cold "3ms a 10ms b |" [a: 1, b: 2] | share | timeout 5ms | share | retry 2 | expect "3ms a 9ms #" [a: 1]
      cold "3ms a 10ms b |" [a: 1, b: 2] | share | timeout 5ms | share | retry 2 | expect attempts 1
      """#)
  }

  // MARK: 33.2 subscriptions after an end that comes in a later action

  /// The end comes at 5 ms, in the diagram's action; `repeat 2`'s second attempt still
  /// subscribes the source inside it, and `expect attempts` counts it, as `log` shows it.
  func testAttemptsCountSubscriptionsAfterAnEndInALaterAction() {
    assertAgrees(
      #"""
      cold "5ms |" | startWith 7 | repeat 2 | take 2 | expect "7 4ms (7|)"
      cold "5ms |" | startWith 7 | repeat 2 | take 2 | expect attempts 2
      every 5ms | take 1 | startWith 0 | repeat 2 | take 3 | expect attempts 2
      """#)
  }

  // MARK: 33.4 the forms RxSwift has: timeout's fallback, throttle latest: false, buffer by
  // time and count, take/skip for a duration

  /// `take DURATION` (RxSwift's `take(for:)`): a value due at the very end comes after the
  /// completion; an earlier end passes as it is.
  func testTakeForADurationCompletesAtItsEnd() {
    assertAgrees(
      #"""
      cold "10ms a 19ms b 19ms |" [a: 1, b: 2] | take 30ms | expect "10ms a 19ms |" [a: 1]
      cold "10ms a 9ms #" [a: 1] | take 30ms | expect "10ms a 9ms #" [a: 1]
      """#)
  }

  /// `skip DURATION` (RxSwift's `skip(for:)`): a value due at the very end passes.
  func testSkipForADurationPassesTheValueAtItsEnd() {
    assertAgrees(
      #"cold "10ms a 19ms b 9ms c 9ms |" [a: 1, b: 2, c: 3] | skip 30ms | expect "30ms b 9ms c 9ms |" [b: 2, c: 3]"#
    )
  }

  /// `buffer N DURATION`: at 20 ms the timer comes before the value due then (it was
  /// scheduled first), a full list at 25 ms starts the next duration, an empty window emits
  /// an empty list, and the completion emits what is left, even nothing; an error drops it.
  func testBufferByTimeAndCountAsRxSwift() {
    assertAgrees(
      #"""
      cold "10ms a 9ms b 4ms c 4ms d 39ms |" [a: 1, b: 2, c: 3, d: 4] | buffer 2 20ms | expect "20ms u 4ms v 19ms w 19ms x 4ms (x|)" [u: [1], v: [2, 3], w: [4], x: []]
      cold "10ms a 4ms #" [a: 1] | buffer 3 20ms | expect "15ms #"
      """#)
  }

  /// `throttle DURATION latest: false` drops what comes within the duration; a value exactly
  /// a duration after the last one passes. With `latest: true` the last one waits instead.
  func testThrottleWithoutLatestDropsWhatComesWithinTheDuration() {
    assertAgrees(
      #"""
      cold "a 9ms b 19ms c 9ms d 9ms |" [a: 1, b: 2, c: 3, d: 4] | throttle 30ms latest: false | expect "a 29ms c 19ms |" [a: 1, c: 3]
      cold "a 9ms b 19ms c 9ms d 9ms |" [a: 1, b: 2, c: 3, d: 4] | throttle 30ms latest: true | expect "a 29ms c 29ms (d|)" [a: 1, c: 3, d: 4]
      """#)
  }

  /// `timeout DURATION (PIPELINE)` (RxSwift's `timeout(_:other:)`): the fallback is
  /// subscribed when the time is up and the source is disposed; a value due at the very
  /// moment wins; with a shared source above and `repeat` below, each attempt starts anew.
  func testTimeoutSwitchesToItsFallback() {
    assertAgrees(
      #"""
      cold "10ms a 19ms b 39ms c 9ms |" [a: 1, b: 2, c: 3] | timeout 20ms (cold "5ms x 4ms |" [x: 9]) | expect "10ms a 19ms b 24ms x 4ms |" [a: 1, b: 2, x: 9]
      cold "10ms a 19ms b 19ms c 9ms |" [a: 1, b: 2, c: 3] | timeout 20ms (cold "5ms x 4ms |" [x: 9]) | expect "10ms a 19ms b 19ms c 9ms |" [a: 1, b: 2, c: 3]
      cold "10ms a 29ms b 4ms |" [a: 1, b: 2] | share | timeout 20ms (cold "5ms x 4ms |" [x: 9]) | share | repeat 2 | expect "10ms a 24ms x 14ms a 24ms x 4ms |" [a: 1, x: 9]
      cold "10ms a 29ms b 4ms |" [a: 1, b: 2] | share | timeout 20ms (cold "5ms x 4ms |" [x: 9]) | share | repeat 2 | expect attempts 2
      """#)
  }
}
