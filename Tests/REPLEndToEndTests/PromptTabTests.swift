import PipeProcessSupport
import XCTest

/// Tab where a person reaches for it and used to get nothing: a city before its quote, a
/// fault plan, an export's library.
final class PromptTabTests: XCTestCase {
  func testACityBeforeItsQuoteAFaultPlanAndAnExportLibraryComplete() throws {
    let pane = try Tmux.start(test: self, home: try TemporaryFolder.home(for: self))
    try pane.type("weather Par")
    try pane.press("Tab")
    try pane.waitFor("the city in its quotes") { $0.hasSuffix("\npipe> weather \"Paris\"") }
    try pane.type("| map { .city }", enter: true)
    try pane.waitFor("the completed line ran") { $0.hasSuffix("\nParis\npipe>") }

    try pane.type("set weather.faults ")
    try pane.press("Tab")
    try pane.press("Tab")
    // libedit lists what follows the opening quote it has inserted.
    let plans = try pane.waitFor("the plan forms") { $0.contains("rate(0.3)\"") }
    XCTAssertTrue(plans.contains("500,500,ok\""), plans)
    try pane.type("500,5")
    try pane.press("Tab")
    try pane.waitFor("the plan completed") { $0.hasSuffix("\npipe> set weather.faults \"500,500,ok\"") }
    try pane.press("Enter")

    try pane.type(":export r")
    try pane.press("Tab")
    try pane.press("Tab")
    let libraries = try pane.waitFor("the libraries") { $0.contains("rxswift") && $0.contains("rxjs") }
    XCTAssertFalse(libraries.contains("combine"), libraries)
    try pane.type("s")
    try pane.press("Tab")
    try pane.waitFor("rxswift completed") { $0.hasSuffix("\npipe> :export rxswift") }
  }
}
