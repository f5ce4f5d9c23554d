import PipeDSL
import XCTest

/// `log` prints every event of every stage in aligned columns.
final class LogSinkTests: XCTestCase {
  func testColumnsLineUpWhateverTheLabelLength() {
    let output = BufferedOutput()
    _ = Session.make(output: output).execute(
      SourceFile(name: "demo.pipe", text: #"cold "-#" | retry 2 | log"#))
    XCTAssertEqual(
      output.lines,
      [
        "0s      #1 retry 2    1  subscribe",
        "0s      #0 cold \"-#\"  1  subscribe",
        "1ms     #0 cold \"-#\"  1  error error: error from a marble diagram",
        "1ms     #0 cold \"-#\"  1  dispose",
        "1ms     #0 cold \"-#\"  2  subscribe",
        "2ms     #0 cold \"-#\"  2  error error: error from a marble diagram",
        "2ms     #1 retry 2    1  error error: error from a marble diagram",
        "2ms     #0 cold \"-#\"  2  dispose",
        "2ms     #1 retry 2    1  dispose",
      ])
  }
}
