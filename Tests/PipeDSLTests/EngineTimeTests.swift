import Operators
import PipeDSL
import XCTest

/// Whatever number reaches the engine as a time, it never traps: `set` checks what a
/// person types, but a value that gets past it (an old settings file, a plugin) only means
/// "forever" (`set horizon 1e10` used to end pipe with SIGILL).
final class EngineTimeTests: XCTestCase {
  func testAHorizonTooLongForTheClockOnlyMeansForever() {
    let settings = Settings()
    settings.set("horizon", .double(1e10))
    let output = BufferedOutput()
    let session = Session.make(output: output, settings: settings)
    let report = session.execute(
      SourceFile(name: "t.pipe", text: "every 1s | take 3 | show\ntimer 2s | show"))
    XCTAssertFalse(report.hasCompileErrors, "\(report.diagnostics)")
    XCTAssertEqual(output.lines, ["0", "1", "2", "0"])
    XCTAssertEqual(output.errorLines, [])
  }
}
