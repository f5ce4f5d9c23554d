import PipeDSL
import XCTest

@testable import PipeRendering

final class ValueLabelsTests: XCTestCase {
  func testShortValuesAreDrawnAsThemselves() {
    XCTAssertEqual(ValueLabels.inline(7), "7")
    XCTAssertEqual(ValueLabels.inline(142), "142")
    XCTAssertEqual(ValueLabels.inline(1.5), "1.5")
    XCTAssertEqual(ValueLabels.inline("ok"), "ok")
  }

  func testValuesThatCouldBeMistakenForGlyphsGetLetters() {
    XCTAssertNil(ValueLabels.inline(-5))
    XCTAssertNil(ValueLabels.inline("#"))
    XCTAssertNil(ValueLabels.inline("a b"))
    XCTAssertNil(ValueLabels.inline(1234))
    XCTAssertNil(ValueLabels.inline(true))
    XCTAssertNil(ValueLabels.inline(["city": "Oslo"]))
  }

  func testLettersSkipThoseDrawnAsValuesAndRepeatForEqualValues() {
    let london: Value = ["city": "London", "temp": 14.2]
    var labels = ValueLabels(values: ["a", london, "light rain"])
    XCTAssertEqual(labels.assign("a"), "a")
    XCTAssertEqual(labels.assign(london), "b")
    XCTAssertEqual(labels.assign("light rain"), "c")
    XCTAssertEqual(labels.assign(london), "b")
    XCTAssertEqual(labels[london], "b")
    XCTAssertEqual(
      labels.legend, [LegendEntry("b", #"{city: "London", temp: 14.2}"#), LegendEntry("c", "light rain")])
  }

  func testPastTheAlphabetValuesShareAQuestionMark() {
    var labels = ValueLabels(values: [])
    for number in 1000..<1052 { labels.assign(.int(number)) }
    XCTAssertEqual(labels.assign(2000), "?")
    XCTAssertEqual(labels.assign(2001), "?")
    XCTAssertEqual(labels.legend.last, LegendEntry("?", "one of many more values"))
    XCTAssertEqual(labels.legend.count, 53)
  }
}
