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
    // Builds, and prints otherwise than pipe.
    "docs/OPERATORS.md: of(1) | concat (fail offline) | materialize":
      "a materialized error's message and source are pipe's own",
    "docs/COOKBOOK.md: fail serverFailure | retry 3 | startWith 0 | take 1 | expect attempts 3":
      "OpenCombine's prefix(1) after prepend still subscribes upstream and passes on its error",
    "docs/COOKBOOK.md: fail serverFailure | retry | startWith 0 | take 1 | expect attempts 1":
      "OpenCombine's prefix(1) after prepend subscribes upstream, where retry(.max) retries forever: killed",
    "docs/COOKBOOK.md: fail serverFailure | retryWhen (errors | take 3) | startWith 0 | take 1 | expect attempts 1":
      "OpenCombine's prefix(1) after prepend subscribes upstream, and its completion is lost",
    "docs/COOKBOOK.md: every 10ms | share | take 1 | share | repeat 3":
      "shareWhileConnected under repeat: each repetition gets a new timer's first value, pipe the shared one's next",
    "docs/COOKBOOK.md: of(1) | merge (cold \"5ms b|\" [b: 2]) | timeout 5ms | expect \"1 4ms b|\" [b: 2]":
      "a value at the very tick of a timeout: Combine's timeout fires first, pipe's value passes",
    "docs/COOKBOOK.md: let s = cold \"10ms a 9ms #\" | share | retry 2; s | expect \"10ms a 19ms a 9ms #\" &; timer 15ms | flatMap (s) | expect \"30ms a 9ms #\" &":
      "background statements (&): the program runs one pipeline after the other, pipe runs them at once",
    "docs/LANGUAGE.md: let s = cold \"10ms a 9ms #\" | share | retry 2; s | map { \"A \" + . } | catchAndReturn \"A #\" | onNext log | discard &; timer 15ms | flatMap (s) | map { \"B \" + . } | catchAndReturn \"B #\" | onNext log | discard &":
      "onNext log, and &: pipe prints each event with its time and runs both at once",
    "docs/LANGUAGE.md: let s = cold \"10ms a 9ms #\" | retry 2; s | map { \"A \" + . } | catchAndReturn \"A #\" | onNext log | discard &; timer 15ms | flatMap (s) | map { \"B \" + . } | catchAndReturn \"B #\" | onNext log | discard &":
      "onNext log, and &: pipe prints each event with its time and runs both at once",
    "docs/LANGUAGE.md: empty | repeat; just 7":
      "empty | repeat: pipe stops the endless resubscription; Combine's is killed",
    "docs/LANGUAGE.md: cold \"a-#\" | materialize":
      "a materialized error's message and source are pipe's own",
    "docs/LANGUAGE.md: of(1, 2) | tap log | discard":
      "tap log: pipe prints each event with its time, Combine's print() its own way",
    "docs/OPERATORS.md: of(1, 2) | tap log":
      "tap log: pipe prints each event with its time, Combine's print() its own way",
    "docs/OPERATORS.md: hot \"-a-^-b-c|\" | show":
      "hot's events are sent by the app's test; nothing sends the subject any",
    "docs/OPERATORS.md: every 100ms | throttle 1s latest: false | take 3":
      "throttle's window: Combine's throttle(latest: false) sends the 2nd value, pipe the 11th",
  ]) { $1 }
}
