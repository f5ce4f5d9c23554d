import Foundation
import PipeProcessSupport
import XCTest

/// The RxSwift and RxJS exports of a few examples, compared with the committed goldens
/// (Tests/PipeExportTests/Goldens). Neither library resolves here, so the text is the test;
/// docs/COOKBOOK.md says how a user builds them. After a deliberate change, write the
/// goldens anew with PIPE_UPDATE_GOLDENS=1 and read the diff.
final class ExportGoldenTests: XCTestCase {
  static let examples =
    [
      "examples/chapter/05-backoff.pipe", "examples/chapter/08-invalid-key.pipe",
      "examples/chapter/14-flatmap-pitfall.pipe", "examples/rx/book-retry-handler.pipe",
      "examples/rx/retrywhen-notifier-ends.pipe", "examples/tour/custom-errors.pipe",
      "examples/rx/startwith-and-repeat.pipe", "examples/rx/onerror-placement.pipe",
      "examples/rx/combining-streams.pipe", "examples/tour/materialize-keeps-going.pipe",
      // Plugin sources' types met by records, errors' fields and materialized records.
      "examples/chapter/01-catch-and-return.pipe", "examples/chapter/07-custom-errors.pipe",
      "examples/chapter/09-materialize-logging.pipe", "examples/chapter/13-air-quality-polling.pipe",
    ] + scripts

  /// The kinds no example shows (mixed types, timed sources, error attempts, printed values,
  /// typed retryWhen, printed shapes, Retry-After, a buffer at the end, run-time checks): scripts of this test's own, which the
  /// Combine round trip runs too.
  static let scripts = [
    "mixed-types", "timed-sources", "error-attempts", "printed-values", "typed-retrywhen",
    "printed-shapes", "retry-after", "marble-values", "buffer-at-end", "runtime-checks",
  ].map { "Tests/PipeExportTests/Scripts/\($0).pipe" }

  /// Where RxJS 7's operators and marbles differ from RxSwift's (completion ticks, marble
  /// values, a buffer at the end) and the RxJS side of Retry-After: their RxJS export only.
  static let rxjsScripts = [
    "Scripts/completion-ticks", "Scripts/marble-values", "RxJSScripts/retry-after",
    "RxJSScripts/retrywhen-ends",
  ].map { "Tests/PipeExportTests/\($0).pipe" }

  static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "Goldens")

  func testRxSwiftExportsMatchTheirGoldens() throws {
    try compare(library: "rxswift", suffix: "swift")
  }

  func testRxJSExportsMatchTheirGoldens() throws {
    try compare(library: "rxjs", suffix: "ts", examples: Self.examples + Self.rxjsScripts)
  }

  func testCombineFragmentsMatchTheirGoldens() throws {
    try compare(library: "combine", suffix: "swift")
  }

  /// `--runnable` for the libraries that do not resolve here: the programs' text (the Combine
  /// one is built and run by CombineRoundTripTests).
  func testRunnableRxSwiftAndRxJSProgramsMatchTheirGoldens() throws {
    let examples = [
      "examples/rx/startwith-and-repeat.pipe", "Tests/PipeExportTests/Scripts/printed-values.pipe",
    ]
    try compare(library: "rxswift", suffix: "swift", runnable: true, examples: examples)
    try compare(library: "rxjs", suffix: "ts", runnable: true, examples: examples)
  }

  private func compare(
    library: String, suffix: String, runnable: Bool = false, examples: [String] = examples
  ) throws {
    let update = ProcessInfo.processInfo.environment["PIPE_UPDATE_GOLDENS"] == "1"
    for example in examples {
      let result = try PipeProcess.run(
        ["export", "--to", library] + (runnable ? ["--runnable"] : []) + [example])
      XCTAssertEqual(result.status, 0, result.output)
      let stem = example.split(separator: "/").suffix(2).joined(separator: "-").dropLast(".pipe".count)
      let kind = runnable ? "\(library)-runnable" : library
      let golden = Self.goldens.appendingPathComponent("\(stem).\(kind).\(suffix).txt")
      if update {
        try FileManager.default.createDirectory(at: Self.goldens, withIntermediateDirectories: true)
        try result.output.write(to: golden, atomically: true, encoding: .utf8)
        continue
      }
      let expected = try String(contentsOf: golden, encoding: .utf8)
      XCTAssertEqual(
        result.output, expected, "\(example) as \(library) differs from \(golden.lastPathComponent)")
    }
  }
}
