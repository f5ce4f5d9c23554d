import PipeDSL
import XCTest

final class SuggestionsTests: XCTestCase {
  let operators = [
    "filter", "map", "flatMap", "retry", "retryWhen", "catch", "catchAndReturn", "take", "scan",
  ]

  func testNearNamesAreSuggestedNearestFirst() {
    let cases: [(typed: String, expected: String?)] = [
      ("fliter", "filter"),  // a swap of neighbours is one edit
      ("retryWhn", "retryWhen"),
      ("RetryWhen", "retryWhen"),  // case is ignored
      ("flatmap", "flatMap"),
      ("tkae", "take"),
      ("catchAndRetrun", "catchAndReturn"),
      ("zzz", nil),
      ("xyzzy", nil),
      ("m", nil),
    ]
    for (typed, expected) in cases {
      XCTAssertEqual(Suggestions.closest(to: typed, in: operators), expected, typed)
    }
  }

  func testTheThresholdGrowsWithTheWord() {
    XCTAssertNil(Suggestions.closest(to: "mop", in: ["mapx"]))  // 2 edits on a short word
    XCTAssertEqual(Suggestions.closest(to: "retyWhn", in: operators), "retryWhen")  // 2 edits on 7 letters
    XCTAssertEqual(Suggestions.candidates(for: "rety", in: operators), ["retry"])
  }

  func testDidYouMeanReadsAsHelp() {
    XCTAssertEqual(Suggestions.didYouMean("fliter", in: operators), "did you mean 'filter'?")
    XCTAssertNil(Suggestions.didYouMean("filter", in: operators))
  }
}
