import Foundation
import PipeProcessSupport
import XCTest

/// The first lines of a newcomer at the real prompt, in a tmux pane: a bare expression, a
/// statement that ends in silence, `:help` for another library's name and for `weather`.
final class PromptFirstLineTests: XCTestCase {
  func testABareExpressionPrintsItsValue() throws {
    let pane = try Tmux.start(test: self, home: try TemporaryFolder.home(for: self))
    try pane.type("1 + 2", enter: true)
    try pane.waitFor("3") { $0.hasSuffix("pipe> 1 + 2\n3\npipe>") }
    try pane.type("\"a\" + \"b\" | map { . + \"c\" }", enter: true)
    try pane.waitFor("abc") { $0.hasSuffix("\nabc\npipe>") }
  }

  /// `catch cache` with nothing cached completes quietly: the prompt says so.
  func testAStatementThatEndsWithoutValuesSaysSo() throws {
    let pane = try Tmux.start(test: self, home: try TemporaryFolder.home(for: self))
    try pane.type("set network \"off\"", enter: true)
    try pane.type("weather \"Barcelona\" | catch cache", enter: true)
    try pane.waitFor("the note") { $0.hasSuffix("catch cache\n(completed, no values)\npipe>") }
    try pane.type("just 1 | discard", enter: true)
    // The next line waits for the prompt: typed ahead, the terminal itself would echo it first.
    try pane.waitFor("the prompt after discard") { $0.hasSuffix("pipe> just 1 | discard\npipe>") }
    try pane.type("just 2", enter: true)
    let screen = try pane.waitFor("the next value") { $0.hasSuffix("pipe> just 2\n2\npipe>") }
    XCTAssertTrue(
      screen.contains("pipe> just 1 | discard\npipe> just 2"), "discard is silent by request:\n\(screen)")
  }

  func testHelpAnswersForAnotherLibrarysName() throws {
    let pane = try Tmux.start(test: self, home: try TemporaryFolder.home(for: self))
    try pane.type(":help switchMap", enter: true)
    let screen = try pane.waitFor("the help") { $0.contains("elsewhere:") && $0.hasSuffix("pipe>") }
    XCTAssertTrue(
      screen.contains(
        "'switchMap' is RxJS's name for 'flatMapLatest' (accepted with a warning)\nflatMapLatest (PIPELINE)"),
      screen)
    XCTAssertTrue(
      screen.contains("elsewhere: RxSwift flatMapLatest · Combine switchToLatest · RxJS switchMap"), screen)
    try pane.type(":help debug", enter: true)
    try pane.waitFor("the hint") {
      $0.contains("'debug' is RxSwift's name; pipe calls this 'tap log'\ntap log")
    }
  }

  func testHelpWeatherListsTheSimulatorsCities() throws {
    let pane = try Tmux.start(test: self, home: try TemporaryFolder.home(for: self))
    try pane.type(":help weather", enter: true)
    let screen = try pane.waitFor("the cities", timeout: 10) {
      $0.contains("Buenos Aires") && $0.hasSuffix("pipe>")
    }
    for city in ["London", "Munich", "São Paulo", "Tokyo"] { XCTAssertTrue(screen.contains(city), city) }
    try pane.type("weather \"Москва\" | map { .city }", enter: true)
    try pane.waitFor("Moscow") { $0.hasSuffix("\nMoscow\npipe>") }
    try pane.type("weather \"Lodnon\"", enter: true)
    try pane.waitFor("the nearest name") {
      $0.contains("city not found; did you mean London? (at weather \"Lodnon\")")
    }
  }

  /// `:load` reads a file as `pipe run` does: invalid UTF-8 is a diagnostic, not U+FFFD run.
  func testLoadSaysWhereAFileIsNotUTF8() throws {
    let home = try TemporaryFolder.home(for: self)
    let path = home + "/bad.pipe"
    FileManager.default.createFile(
      atPath: path, contents: Data(Array("just \"ab".utf8) + [0xFF] + Array("\"\n".utf8)))
    let pane = try Tmux.start(test: self, home: home)
    try pane.type(":load \(path)", enter: true)
    try pane.waitFor("the diagnostic") {
      $0.contains("bad.pipe:1:9: error: invalid UTF-8") && $0.contains("1 | just \"ab\u{FFFD}\"")
    }
  }
}
