import Foundation
import PipeProcessSupport
import XCTest

/// Settings saved by `set` at the prompt, as a person meets them in the next session: named
/// on the first screen, checked when typed, never able to stop pipe from starting.
final class SavedSettingsTests: XCTestCase {
  private func settingsFile(_ home: String) -> String { home + "/.config/pipe/settings.json" }

  /// The screen with the pane's wrapping undone: lines of the 100-column pane joined, and
  /// spaces dropped (a line broken at a space loses it on the screen).
  private func unwrapped(_ screen: String) -> String { screen.filter { $0 != "\n" && $0 != " " } }

  /// Whether the screen shows `text`, wherever the pane wrapped it.
  private func shows(_ screen: String, _ text: String) -> Bool { unwrapped(screen).contains(unwrapped(text)) }

  private func save(_ json: String, in home: String) throws {
    try FileManager.default.createDirectory(
      atPath: home + "/.config/pipe", withIntermediateDirectories: true)
    try json.write(toFile: settingsFile(home), atomically: true, encoding: .utf8)
  }

  private func saved(_ home: String) throws -> [String: Any] {
    let data = try Data(contentsOf: URL(fileURLWithPath: settingsFile(home)))
    return try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  /// `set horizon 1e10` was saved, and every later session crashed (SIGILL) on `timer 1s`.
  func testASavedValueOutOfRangeIsIgnoredWithANoteAndPipeStarts() throws {
    let home = try TemporaryFolder.home(for: self)
    try save(#"{"horizon": 1e10, "seed": "x", "network": "off"}"#, in: home)
    let pane = try Tmux.start(test: self, home: home)
    let screen = try pane.waitFor("the notes") { $0.contains("ignored the saved seed") }
    XCTAssertTrue(screen.contains("settings: network=off · :settings, :reset"), screen)
    XCTAssertTrue(
      shows(
        screen,
        "note: ignored the saved horizon: 'horizon' takes a number from 0.001 to 3600000, not 10000000000.0; "
          + "using 3600.0 (:reset horizon forgets it)"), screen)
    XCTAssertTrue(
      shows(screen, #"ignored the saved seed: 'seed' takes a whole number, not "x"; using 42"#), screen)
    try pane.type("timer 1s | show", enter: true)
    try pane.waitFor("the timer's value") { $0.hasSuffix("timer 1s | show\n0\npipe>") }
  }

  func testASavedPluginSettingThatDoesNotFitIsIgnoredWhenThePluginSaysHello() throws {
    let home = try TemporaryFolder.home(for: self)
    try save(#"{"weather.timeout": 1e11, "weather.mode": "bogus"}"#, in: home)
    let pane = try Tmux.start(test: self, home: home)
    try pane.type(#"weather "London" | map { .city }"#, enter: true)
    let screen = try pane.waitFor("London, from the simulator", timeout: 10) { $0.contains("\nLondon\n") }
    XCTAssertTrue(
      shows(screen, #"ignored the saved weather.mode: 'weather.mode' takes "sim" or "live", not "bogus""#),
      screen)
    XCTAssertTrue(
      shows(screen, "ignored the saved weather.timeout: 'weather.timeout' takes a number"), screen)
  }

  func testAFileThatIsNotJSONIsKeptAsideAndPipeStartsWithTheDefaults() throws {
    let home = try TemporaryFolder.home(for: self)
    try save(#"{"network": "off""#, in: home)
    let pane = try Tmux.start(test: self, home: home)
    try pane.waitFor("the note") { $0.contains("is not a JSON object of settings") }
    XCTAssertEqual(
      try String(contentsOfFile: settingsFile(home) + ".broken", encoding: .utf8), #"{"network": "off""#)
    try pane.type("set seed 7", enter: true)
    try pane.type("random(1, 6) | count", enter: true)
    try pane.waitFor("the count") { $0.hasSuffix("count\n1\npipe>") }
    XCTAssertEqual(try saved(home)["seed"] as? Int, 7)
  }

  func testSetRefusesAValueAtOnceWithACaretAndSavesNothing() throws {
    let home = try TemporaryFolder.home(for: self)
    let pane = try Tmux.start(test: self, home: home)
    try pane.type("set horizon 1e10", enter: true)
    try pane.waitFor("the error") {
      $0.contains(
        """
        error: 'horizon' takes a number from 0.001 to 3600000, not 10000000000.0
        1 | set horizon 1e10
          |             ^^^^
        """)
    }
    try pane.type("set weather.mode bogus", enter: true)
    try pane.waitFor("the plugin setting refused", timeout: 10) {
      $0.contains(#"error: 'weather.mode' takes "sim" or "live", not "bogus""#)
    }
    try pane.type("timer 1s | show", enter: true)
    try pane.waitFor("the timer's value") { $0.hasSuffix("timer 1s | show\n0\npipe>") }
    XCTAssertFalse(FileManager.default.fileExists(atPath: settingsFile(home)), "nothing was set")
  }

  func testTheNextSessionNamesEverySavedSettingAndResetPutsThemBack() throws {
    let home = try TemporaryFolder.home(for: self)
    let first = try Tmux.start(test: self, home: home)
    try first.type(#"set weather.faults "500,ok""#, enter: true)
    try first.type("set weather.mode live", enter: true)
    try first.type(#"set weather.apiKey "sekrit""#, enter: true)
    try first.type("set seed 42", enter: true)  // the default: not a setting that differs
    try first.press("C-d")
    try first.waitForExit()
    XCTAssertEqual(
      try saved(home) as NSDictionary,
      ["weather.faults": "500,ok", "weather.mode": "live", "weather.apiKey": "sekrit"] as NSDictionary)

    let second = try Tmux.start(test: self, home: home)
    let screen = try second.screen()
    XCTAssertTrue(
      screen.contains(
        #"settings: weather.apiKey=••••, weather.faults="500,ok", weather.mode=live · :settings, :reset"#),
      screen)
    XCTAssertFalse(screen.contains("sekrit"), screen)
    try second.type(":reset weather.mode", enter: true)
    try second.waitFor("the reset") { $0.contains("reset to the default: weather.mode=\"sim\"") }
    XCTAssertNil(try saved(home)["weather.mode"], "saved at once")
    try second.type(#"weather "London" | map { .city }"#, enter: true)
    try second.waitFor("the simulator's first fault") { $0.contains("serverFailure") }
    try second.type(":reset", enter: true)
    try second.waitFor("every reset") { $0.contains("weather.faults=\"\"") }
    XCTAssertEqual(try saved(home).count, 0)
    try second.press("C-d")
    try second.waitForExit()

    let third = try Tmux.start(test: self, home: home)
    let last = try third.screen()
    XCTAssertFalse(last.contains("settings:"), last)
  }
}
