import Foundation
import PipeProcessSupport
import XCTest

/// `:load` at the prompt: a file that loads itself overflowed the stack (SIGSEGV after about
/// 2,900 levels); now a cycle and deep nesting are refused with the chain of files.
final class LoadCycleTests: XCTestCase {
  private func write(_ text: String, to path: String) throws {
    try text.write(toFile: path, atomically: true, encoding: .utf8)
  }

  func testAFileThatLoadsItselfIsRefusedAndThePromptGoesOn() throws {
    let home = try TemporaryFolder.home(for: self)
    try write(":load self.pipe\njust 7 | show\n", to: home + "/self.pipe")
    let pane = try Tmux.start(test: self, home: home, directory: home)
    try pane.type(":load self.pipe", enter: true)
    let screen = try pane.waitFor("the refusal and the rest of the file") { $0.hasSuffix("7\npipe>") }
    XCTAssertTrue(
      screen.contains("error: :load cycle: self.pipe → self.pipe; a file cannot load itself"), screen)
    try pane.type("just 8 | show", enter: true)
    try pane.waitFor("the prompt alive") { $0.hasSuffix("just 8 | show\n8\npipe>") }
  }

  func testTwoFilesThatLoadEachOtherAreACycle() throws {
    let home = try TemporaryFolder.home(for: self)
    try write(":load b.pipe\n", to: home + "/a.pipe")
    try write(":load ./a.pipe\n", to: home + "/b.pipe")
    let pane = try Tmux.start(test: self, home: home, directory: home)
    try pane.type(":load a.pipe", enter: true)
    try pane.waitFor("the chain named") { $0.contains("error: :load cycle: a.pipe → b.pipe → ./a.pipe;") }
  }

  func testNestingIsLimitedToThirtyTwoFiles() throws {
    let home = try TemporaryFolder.home(for: self)
    for level in 0..<40 {
      try write(":load f\(level + 1).pipe\n", to: home + "/f\(level).pipe")
    }
    let pane = try Tmux.start(test: self, home: home, directory: home)
    try pane.type(":load f0.pipe", enter: true)
    try pane.waitFor("the limit and the chain") {
      $0.contains(
        "error: :load nests deeper than 32 files: f0.pipe → f1.pipe → f2.pipe → … → f31.pipe → f32.pipe")
    }
    try pane.type("just 8 | show", enter: true)
    try pane.waitFor("the prompt alive") { $0.hasSuffix("just 8 | show\n8\npipe>") }
  }

  /// A loaded file runs where its `:load` stands: the rest of the file that loaded it, and of
  /// the files above it, goes on after it, in order; an error in it names its own file and line,
  /// and a `let` it binds is known at the prompt afterwards.
  func testALoadedFileRunsInPlaceAndTheTextAroundItGoesOn() throws {
    let home = try TemporaryFolder.home(for: self)
    try write("just \"one\" | show\n:load b.pipe\n:load c.pipe\njust \"four\" | show\n", to: home + "/a.pipe")
    try write("just \"two\" | show\nlet three = just \"three\"\nthree | show\n", to: home + "/b.pipe")
    try write("\n\nfilter { . > 1 }\n", to: home + "/c.pipe")
    let pane = try Tmux.start(test: self, home: home, directory: home)
    try pane.type(":load a.pipe", enter: true)
    let screen = try pane.waitFor("every file's values in order") { $0.hasSuffix("four\npipe>") }
    let order = ["one", "two", "three", "four"].map { screen.range(of: "\n\($0)\n")?.lowerBound }
    XCTAssertFalse(order.contains(nil), screen)
    XCTAssertEqual(order.compactMap { $0 }, order.compactMap { $0 }.sorted(), screen)
    XCTAssertTrue(screen.contains("c.pipe:3:1: error:"), screen)
    try pane.type("three | show", enter: true)
    try pane.waitFor("the loaded file's let") { $0.hasSuffix("three | show\nthree\npipe>") }
  }
}
