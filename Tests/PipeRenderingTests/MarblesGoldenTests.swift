import PipeDSL
import XCTest

/// The exact text of diagrams of fixed virtual-time runs at fixed widths, run through a
/// `Session` as `pipe` runs them.
final class MarblesGoldenTests: RenderingTestCase {
  func testRetryLoopWithFourResubscriptions() {
    let text = #"cold "-#" | retryWhen backoff(1,3,5,10) | catchAndReturn 0 | marbles"#
    assertDiagram(
      text, width: 72,
      """
                                      0s        5s       10s      15s
                                      ┬─────────┬────────┬────────┬────────
      cold "-#"                    1  ^#
                                  ↻2    ^#
                                  ↻3          ^#
                                  ↻4                   ^#
                                  ↻5                                      ^#
      retryWhen backoff(1,3,5,10)     ^───────────────────────────────────#
      catchAndReturn 0                ^───────────────────────────────────(0|)
      # = error: error from a marble diagram
      ^ subscribe  (ab) same instant  # error  | complete  ↻2 subscribed again
      """)
  }

  func testFailsTwiceThenSucceedsCatchCache() {
    let text =
      #"cold ["300ms #", "300ms #", "300ms (a|)"] | retryWhen backoff(1,3,5,10) | catch cache | marbles"#
    assertDiagram(
      text, width: 80,
      """
                                           0s              2s              4s  4.9s
                                           ┬───────────────┬───────────────┬───────
      cold ["300ms #", "300ms #", "30…  1  ^─#
                                       ↻2            ^──#
                                       ↻3                                       ^─(a|)
      retryWhen backoff(1,3,5,10)          ^──────────────────────────────────────(a|)
      catch cache                          ^──────────────────────────────────────(a|)
      # = error: error from a marble diagram
      ^ subscribe  (ab) same instant  # error  | complete  ↻2 subscribed again
      """)
  }

  /// Each value's sub-pipeline is labelled by the value: three values are not three retries.
  func testFlatMapLanesAreLabelledByTheirValue() {
    let text = #"of("London", "xyzzy", "Paris") | flatMap (cold "-a-#" | catch (just 0)) | marbles"#
    assertDiagram(
      text, width: 80,
      """
                                                 0ms       1ms        2ms       3ms
                                                 ┬─────────┬──────────┬─────────┬
      of("London", "xyzzy", "Paris")             ^(bcd|)
      flatMap (cold "-a-#" | catch (j…           ^─────────(aaa)────────────────(000|)
      ├ cold "-a-#"                    "London"  ^─────────a────────────────────#
      │                                 "xyzzy"  ^─────────a────────────────────#
      │                                 "Paris"  ^─────────a────────────────────#
      └ catch (just 0)                 "London"  ^─────────a────────────────────(0|)
                                        "xyzzy"  ^─────────a────────────────────(0|)
                                        "Paris"  ^─────────a────────────────────(0|)
        └ just 0                       "London"                                 ^(0|)
                                        "xyzzy"                                 ^(0|)
                                        "Paris"                                 ^(0|)
      b = London
      c = xyzzy
      d = Paris
      # = error: error from a marble diagram
      ^ subscribe  (ab) same instant  # error  | complete
      "London" sub-pipeline for that value
      """)
  }

  /// A retry inside a value's sub-pipeline keeps `↻`, right under the value it retries.
  func testARetryInsideAFlatMapIsStillAResubscription() {
    let text = #"of("a", "b") | flatMap (cold ["-#", "-(x|)"] | retry 2) | marbles"#
    assertDiagram(
      text, width: 72,
      """
                                        0ms              1ms             2ms
                                        ┬────────────────┬───────────────┬
      of("a", "b")                      ^(ab|)
      flatMap (cold ["-#", "-(x|)…      ^────────────────────────────────(xx|)
      ├ cold ["-#", "-(x|)"]       "a"  ^────────────────#
      │                             ↻2                   ^───────────────(x|)
      │                            "b"  ^────────────────#
      │                             ↻2                   ^───────────────(x|)
      └ retry 2                    "a"  ^────────────────────────────────(x|)
                                   "b"  ^────────────────────────────────(x|)
      # = error: error from a marble diagram
      ^ subscribe  (ab) same instant  # error  | complete
      "a" sub-pipeline for that value  ↻2 subscribed again
      """)
  }

  func testHourLongRun() {
    let text = #"every 10m | take 6 | marbles"#
    assertDiagram(
      text, width: 64,
      """
                 0m          15m          30m         45m         1h
                 ┬───────────┬────────────┬───────────┬───────────┬
      every 10m  ^───────0───────1────────2───────3───────4───────5!
      take 6     ^───────0───────1────────2───────3───────4───────(5|)
      ^ subscribe  (ab) same instant  | complete  ! dispose
      """)
  }

  func testASCIIMode() {
    let text = #"cold "-#" | retryWhen backoff(1,3,5,10) | catchAndReturn 0 | marbles ascii"#
    assertDiagram(
      text, width: 72,
      """
                                      0s        5s       10s      15s
                                      +---------+--------+--------+--------
      cold "-#"                    1  ^#
                                  @2    ^#
                                  @3          ^#
                                  @4                   ^#
                                  @5                                      ^#
      retryWhen backoff(1,3,5,10)     ^-----------------------------------#
      catchAndReturn 0                ^-----------------------------------(0|)
      # = error: error from a marble diagram
      ^ subscribe  (ab) same instant  # error  | complete  @2 subscribed again
      """)
  }

  func testZeroMillisecondRun() {
    let text = #"of(1, 2, 3) | map { . * 10 } | marbles"#
    assertDiagram(
      text, width: 60,
      """
                      0ms
                      ┬
      of(1, 2, 3)     ^(123|)
      map { . * 10 }  ^(10,20,30|)
      ^ subscribe  (ab) same instant  | complete
      """)
  }

  func testRecordsInTheLegend() {
    let text = #"of([city: "London", temp: 14.2], [city: "Paris", temp: 17]) | marbles"#
    assertDiagram(
      text, width: 60,
      """
                                0ms
                                ┬
      of([city: "London", tem…  ^(ab|)
      a = {city: "London", temp: 14.2}
      b = {city: "Paris", temp: 17}
      ^ subscribe  (ab) same instant  | complete
      """)
  }

  func testDenseStream() {
    let text = #"every 10ms | take 300 | marbles"#
    assertDiagram(
      text, width: 60,
      """
                  0s              1s             2s             3s
                  ┬───────────────┬──────────────┬──────────────┬
      every 10ms  ^••••••••••••••••••••••••••••••••••••••••••••••!
      take 300    ^••••••••••••••••••••••••••••••••••••••••••••••|
      ^ subscribe  • values too close to draw apart  | complete
      ! dispose
      """)
  }

  func testStoppedAtTheHorizon() {
    let text = """
      set horizon 5
      every 2s | marbles
      """
    assertDiagram(
      text, width: 60, unicode: false,
      """
                0s          1s          2s          3s          4s
                +-----------+-----------+-----------+-----------+
      every 2s  ^-----------------------0-----------------------1!
      ^ subscribe  ! dispose
      """)
  }
}
