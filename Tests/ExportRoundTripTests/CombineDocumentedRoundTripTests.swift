import Foundation
import PipeProcessSupport
import XCTest

/// Every documented pipeline (`DocumentedPipeline.all`) as a Combine program on OpenCombine
/// 0.14, built with warnings as errors (`CombinePrograms`), and each that uses no plugin
/// source run on the virtual clock, printing what `pipe run` prints for the same script
/// (`PrintingScript`). The counts are printed: `swift test --filter CombineDocumented` shows them.
final class CombineDocumentedRoundTripTests: XCTestCase {
  func testDocumentedPipelinesBuildAndPrintWhatPipePrints() throws {
    let programs = try CombinePrograms.shared()
    let documented = programs.documented
    XCTAssertGreaterThan(documented.count, 200, "the docs' pipelines and the scripts")
    var known: Set<String> = []
    for program in documented {
      guard let errors = programs.failed[program.target], let key = program.documented?.key else { continue }
      if Self.knownDifferences[key] != nil {
        known.insert(key)
      } else {
        XCTFail("\(program.place): its Combine program does not build:\n\(errors)")
      }
    }
    let runnable = documented.filter { !$0.usesPlugins && programs.failed[$0.target] == nil }
    var tally = try RoundTripTally(
      library: "Combine", runnable.map { $0.documented! }, differences: Self.knownDifferences
    ) { at in
      // A program that does not end is killed, and differs.
      let run = try WorkerRun.program(
        programs.package.binary, [runnable[at].target, "--virtual"], timeout: 10)
      return run.stdout + (run.status == 0 ? "" : "exit \(run.status): \(run.stderr)")
    }
    tally.checkEveryListedDifferenceIsSeen(Self.knownDifferences, besides: known)
    var texts: [String: String] = [:]
    for program in documented { if let key = program.documented?.key { texts[key] = program.text } }
    RoundTripDifferences.checkKinds(Self.knownDifferences, programs: texts, library: "Combine")
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
  static let knownDifferences = RoundTripDifferences.pipesOwn.merging([
    "docs/OPERATORS.md: of(1) | concat (fail offline) | materialize":
      "printing: a materialized error's message and source are pipe's own",
    "docs/COOKBOOK.md: of(1) | merge (cold \"5ms b|\" [b: 2]) | timeout 5ms | expect \"1 4ms b|\" [b: 2]":
      "commented: " + timeoutTick,
    "docs/LANGUAGE.md: let s = cold \"10ms a 9ms #\" | share | retry 2; s | map { \"A \" + . } | catchAndReturn \"A #\" | onNext log | discard &; timer 15ms | flatMap (s) | map { \"B \" + . } | catchAndReturn \"B #\" | onNext log | discard &":
      "printing: onNext log: pipe prints each event with its time, the export prints the value",
    "docs/LANGUAGE.md: let s = cold \"10ms a 9ms #\" | retry 2; s | map { \"A \" + . } | catchAndReturn \"A #\" | onNext log | discard &; timer 15ms | flatMap (s) | map { \"B \" + . } | catchAndReturn \"B #\" | onNext log | discard &":
      "printing: onNext log: pipe prints each event with its time, the export prints the value",
    "docs/LANGUAGE.md: empty | repeat; just 7":
      "commented: repeats without end, even a source that completes at once (pipe stops after 1,000,000 resubscriptions without time moving)",
    "docs/LANGUAGE.md: cold \"a-#\" | materialize":
      "printing: a materialized error's message and source are pipe's own",
    "docs/LANGUAGE.md: of(1, 2) | tap log | discard":
      "printing: tap log: pipe prints each event with its time, Combine's print() its own way",
    "docs/OPERATORS.md: of(1, 2) | tap log":
      "printing: tap log: pipe prints each event with its time, Combine's print() its own way",
    "docs/OPERATORS.md: hot \"-a-^-b-c|\" | show":
      "commented: send its events from your test",
  ]) { $1 }

  /// The Combine export's comment at a timeout (ExportCheck.timeoutTick).
  static let timeoutTick =
    "at the very tick of the timeout the timer set first goes first, and a sequence's publisher sends "
    + "(and restarts it) sooner than pipe's of: a value pipe passes may fail here"
}
