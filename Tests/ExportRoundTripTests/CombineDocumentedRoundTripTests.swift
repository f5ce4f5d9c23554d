import Foundation
import PipeProcessSupport
import XCTest

/// Every documented pipeline (`DocumentedPipeline.all`) as a Combine program on OpenCombine
/// 0.14, built with warnings as errors (`CombinePrograms`), and each that uses no plugin
/// source run on the virtual clock, printing what `pipe run` prints for the same script
/// (`PrintingScript`). The counts are printed: `swift test --filter CombineDocumented` shows them.
final class CombineDocumentedRoundTripTests: XCTestCase {
  func testDocumentedPipelinesBuildAndPrintWhatPipePrints() throws {
    guard CombinePrograms.withDocumented else {
      throw XCTSkip("PIPE_COMBINE_DOCUMENTED=1 builds the ~300 documented programs (9 min from cold)")
    }
    let programs = try CombinePrograms.shared()
    let documented = programs.documented
    XCTAssertGreaterThan(documented.count, 200, "the docs' pipelines and the scripts")
    for program in documented {
      if let errors = programs.failed[program.target],
        Self.knownDifferences[program.documented?.key ?? program.place] == nil
      {
        XCTFail("\(program.place): its Combine program does not build:\n\(errors)")
      }
    }
    let runnable = documented.filter { !$0.usesPlugins && programs.failed[$0.target] == nil }
    let tally = try RoundTripTally(
      library: "Combine", runnable.map { $0.documented! }, differences: Self.knownDifferences
    ) { at in
      let binary = programs.package.root.appendingPathComponent(".build/debug/\(runnable[at].target)").path
      let run = try WorkerRun.program(binary, ["--virtual"], timeout: 30)
      return run.stdout + (run.status == 0 ? "" : "exit \(run.status): \(run.stderr)")
    }
    let (matched, ownWay) = (tally.matched, tally.ownWay)
    let built = documented.filter { programs.failed[$0.target] == nil }.count
    print(
      "documented pipelines in Combine: \(documented.count) exported, \(programs.refused) refused; "
        + "\(built) build; \(matched) of \(runnable.count - ownWay) run print what pipe prints, "
        + "\(tally.known.count) differ as knownDifferences says "
        + "(\(built - runnable.count) use plugin stubs, \(ownWay) print collect/count/last/log their own way)"
    )
  }

  /// Where the Combine program, built and run, is known to differ from pipe, and why: a new
  /// difference fails the test, and so does one that is gone.
  static let knownDifferences: [String: String] = [:]
}
