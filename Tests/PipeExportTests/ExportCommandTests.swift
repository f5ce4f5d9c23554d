import Foundation
import PipeProcessSupport
import XCTest

/// `pipe export` as a person runs it: bad input gets a clear message and no code.
final class ExportCommandTests: XCTestCase {
  private func script(_ text: String) throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "export-\(UUID().uuidString).pipe")
    try text.write(to: url, atomically: true, encoding: .utf8)
    addTeardownBlock { try? FileManager.default.removeItem(at: url) }
    return url.path
  }

  func testAScriptThatDoesNotCheckIsReportedWithACaretAndNothingIsWritten() throws {
    let path = try script("cold \"-a-#\" | rety 3\n")
    let result = try PipeProcess.run(["export", "--to", "combine", path], errors: .output)
    XCTAssertEqual(result.status, 2)
    XCTAssertTrue(result.output.contains("error: unknown operator 'rety'"), result.output)
    XCTAssertTrue(result.output.contains("^^^^"), result.output)
    XCTAssertTrue(result.output.contains("did you mean 'retry'?"), result.output)
    XCTAssertFalse(result.output.contains("import"), result.output)
  }

  /// `--runnable` writes a whole program for every library, headed by how to run it, and one that
  /// prints where the fragment asserts marbles.
  func testRunnableWritesAWholeProgramForEachLibrary() throws {
    let path = try script("cold \"-a|\" | expect \"-a|\"\n")
    let heads = [
      "rxswift": "Package.swift", "rxjs": "npx tsx",
      // Apple's Combine in an app, OpenCombine on Linux: the package names both products it imports.
      "combine":
        "#if canImport(Combine)\nimport Combine\n#else\nimport OpenCombine\nimport OpenCombineDispatch\n#endif",
    ]
    for (library, head) in heads {
      let result = try PipeProcess.run(["export", "--to", library, "--runnable", path], errors: .output)
      XCTAssertEqual(result.status, 0, "\(library): \(result.output)")
      XCTAssertTrue(result.output.contains(head), "\(library): \(result.output)")
      XCTAssertTrue(result.output.contains("then completed or error: KIND"), "\(library): \(result.output)")
    }
    let combine = try PipeProcess.run(["export", "--to", "combine", "--runnable", path], errors: .output)
    XCTAssertTrue(combine.output.contains(#".product(name: "OpenCombineDispatch", package: "OpenCombine")"#))
    let rxjs = try PipeProcess.run(["export", "--to", "rxjs", "--runnable", path], errors: .output)
    XCTAssertFalse(rxjs.output.contains("expectObservable("), rxjs.output)
    XCTAssertTrue(rxjs.output.contains("console.log(x)"), rxjs.output)
  }

  /// export runs nothing and draws nothing: its help offers no seed, answer or ASCII, and
  /// giving one says why it is not taken, where it was silently ignored.
  func testOptionsThatChangeNothingInAnExportAreRefused() throws {
    let path = try script("just 1\n")
    let help = try PipeProcess.run(["export", "--help"], errors: .output)
    for option in ["--seed", "--answer", "--ascii"] {
      XCTAssertFalse(help.output.contains(option), help.output)
    }
    XCTAssertTrue(help.output.contains("--no-color"), help.output)
    for arguments in [
      ["export", "--to", "rxjs", "--seed", "3", path], ["--ascii", "export", "--to", "rxjs", path],
      ["export", "--to", "rxjs", "--answer", "retry", path],
    ] {
      let result = try PipeProcess.run(arguments, errors: .output)
      XCTAssertEqual(result.status, 64, "\(arguments): \(result.output)")
      XCTAssertTrue(result.output.contains("pipe export does not take --"), "\(arguments): \(result.output)")
      XCTAssertFalse(result.output.contains("import"), result.output)
    }
  }

  func testAnUnknownLibraryIsAUsageError() throws {
    let path = try script("just 1\n")
    let result = try PipeProcess.run(["export", "--to", "kotlin", path], errors: .output)
    XCTAssertEqual(result.status, 64)
    XCTAssertTrue(result.output.contains("rxswift"), result.output)
  }

  func testAMissingFileIsAUsageError() throws {
    let result = try PipeProcess.run(["export", "--to", "rxjs", "no-such-file.pipe"], errors: .output)
    XCTAssertEqual(result.status, 64)
    XCTAssertTrue(result.output.contains("cannot read 'no-such-file.pipe'"), result.output)
  }

  /// A key set in the script never reaches the exported code in clear.
  func testASecretInTheScriptIsNotWrittenInClear() throws {
    let path = try script("set weather.apiKey \"s3cr3t-key-123\"\njust 1\n")
    let result = try PipeProcess.run(["export", "--to", "combine", path], errors: .output)
    XCTAssertEqual(result.status, 0, result.output)
    XCTAssertFalse(result.output.contains("s3cr3t-key-123"), result.output)
  }
}
