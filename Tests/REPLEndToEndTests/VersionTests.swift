import Foundation
import PipeProcessSupport
import XCTest

/// `pipe --version` says what VERSION at the repository's root says: the one place the
/// version is written (the VersionFile build-tool plugin turns it into Swift at build time).
final class VersionTests: XCTestCase {
  func testVersionIsTheVersionFile() throws {
    let file = PipeProcess.repository.appendingPathComponent("VERSION")
    let version = try String(contentsOf: file, encoding: .utf8).trimmingCharacters(
      in: .whitespacesAndNewlines)
    XCTAssertFalse(version.isEmpty)
    let result = try PipeProcess.run(["--version"])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(result.stdout, version + "\n")
  }
}
