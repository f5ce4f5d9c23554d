import Foundation
import PipeProcessSupport
import XCTest

/// `:export` as a person meets it at the real prompt, in a tmux pane: before any pipeline it
/// says what to do, after one it writes the last pipeline to a file and says where.
final class PromptExportTests: XCTestCase {
  func testExportAtThePromptSaysWhatToDoThenWritesTheLastPipeline() throws {
    let home = try TemporaryFolder.home(for: self)
    let pane = try Tmux.start(test: self, home: home, arguments: ["--allow-write=\(home)"])
    try pane.type(":export rxswift", enter: true)
    try pane.waitFor("the advice") {
      $0.contains("no pipeline has run yet: run one, then :export rxswift") && $0.hasSuffix("pipe>")
    }
    try pane.type(#"cold "-a-#" [a: 1] | retry 3 | catchAndReturn 0"#, enter: true)
    try pane.waitFor("the values") { $0.hasSuffix("1\n1\n1\n0\npipe>") }
    let file = home + "/out.ts"
    try pane.type(":export rxjs \(file)", enter: true)
    try pane.waitFor("where it went") { $0.contains("wrote \(file) (") && $0.hasSuffix("pipe>") }
    let code = try String(contentsOfFile: file, encoding: .utf8)
    XCTAssertTrue(code.contains("retry(2),  // pipe's retry 3: 3 attempts in all"), code)
  }
}
