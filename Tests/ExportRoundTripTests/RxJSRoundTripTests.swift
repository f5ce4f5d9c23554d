import Foundation
import PipeProcessSupport
import XCTest

/// The RxJS round trip: every documented pipeline exported with `pipe export --to rxjs
/// --runnable` (the shared pass, `DocumentedExports`), type-checked in strict mode by Debian's TypeScript
/// against Debian's rxjs 7 (which node-inquirer carries), and each that uses no plugin source
/// run with Node, printing what `pipe run` prints for the same script (`PrintingScript`).
/// The counts are printed: `swift test --filter RxJSRoundTripTests` shows them.
final class RxJSRoundTripTests: XCTestCase {
  static let rxjs = "/usr/share/nodejs/rxjs"
  static let tsc = "/usr/bin/tsc"
  static let node = "/usr/bin/node"

  func testDocumentedPipelinesTypeCheckAndPrintWhatPipePrints() throws {
    for tool in [Self.tsc, Self.node, Self.rxjs + "/package.json"]
    where !FileManager.default.fileExists(atPath: tool) {
      throw MissingTestSetup(
        "\(tool) is missing: make test-deps installs node-typescript and node-inquirer (rxjs 7)")
    }
    let shared = try DocumentedExports.shared()
    let pipelines = shared.pipelines
    let folder = try TemporaryFolder.make(for: self, prefix: "pipe-rxjs-roundtrip")
    var programs: [(index: Int, file: String, usesPlugins: Bool)] = []
    var refused = 0
    for (index, export) in shared.exports["rxjs"]!.enumerated() {
      if export.status == 3 { refused += 1 }
      guard export.status == 0 else { continue }
      let file = "p\(index).ts"
      try export.stdout.write(to: folder.appendingPathComponent(file), atomically: true, encoding: .utf8)
      programs.append((index, file, export.stdout.contains("connect your service here")))
    }
    let failed = try typeCheck(programs.map(\.file), in: folder)
    var known: Set<String> = []
    for (file, errors) in failed.sorted(by: { $0.key < $1.key }) {
      let pipeline = pipelines[Int(file.dropFirst().dropLast(3))!]
      let place = pipeline.place
      if Self.knownDifferences[pipeline.key] != nil {
        known.insert(pipeline.key)
      } else {
        XCTFail("\(place): its RxJS program does not type-check:\n\(errors.joined(separator: "\n"))")
      }
    }
    let runnable = programs.filter { !$0.usesPlugins && failed[$0.file] == nil }
    var tally = try RoundTripTally(
      library: "RxJS", runnable.map { pipelines[$0.index] }, differences: Self.knownDifferences
    ) { at in
      let javascript = folder.appendingPathComponent("out/\(runnable[at].file.dropLast(3)).js").path
      let run = try WorkerRun.program(
        Self.node, [javascript], environment: ["NODE_PATH": "/usr/share/nodejs"], timeout: 30)
      return run.stdout + (run.status == 0 ? "" : "exit \(run.status): \(run.stderr)")
    }
    tally.checkEveryListedDifferenceIsSeen(Self.knownDifferences, besides: known)
    var texts: [String: String] = [:]
    for (index, export) in shared.exports["rxjs"]!.enumerated() {
      texts[pipelines[index].key] = export.stdout
    }
    RoundTripDifferences.checkKinds(Self.knownDifferences, programs: texts, library: "RxJS")
    let (matched, ownWay) = (tally.matched, tally.ownWay)
    print(
      "documented pipelines in RxJS: \(programs.count) exported, \(refused) refused; "
        + "\(programs.count - failed.count) type-check; \(matched) of \(runnable.count - ownWay) run print what pipe prints, "
        + "\(tally.known.count) differ as knownDifferences says "
        + "(\(programs.count - runnable.count - failed.count) use plugin stubs, \(ownWay) print collect/count/last/log their own way)"
    )
  }

  /// Where the RxJS program, type-checked and run, is known to differ from pipe, and why, by
  /// `DocumentedPipeline.key` (the page and the code's first line): a
  /// new difference fails the test, and so does one that is gone.
  static let knownDifferences = RoundTripDifferences.pipesOwn.merging([
    "docs/COOKBOOK.md: of(1) | merge (cold \"5ms b|\" [b: 2]) | timeout 5ms | expect \"1 4ms b|\" [b: 2]":
      "commented: " + timeoutTick,
    "docs/LANGUAGE.md: of(\"a\\tb\", \"\\u{1F600}\", 2, 2.0) | show":
      "commented: JavaScript has one type of number: the Double 2.0 prints as 2, where pipe prints 2.0",
    "docs/LANGUAGE.md: let s = cold \"10ms a 9ms #\" | share | retry 2; s | map { \"A \" + . } | catchAndReturn \"A #\" | onNext log | discard &; timer 15ms | flatMap (s) | map { \"B \" + . } | catchAndReturn \"B #\" | onNext log | discard &":
      "printing: onNext log: pipe prints each event with its time, the export console.logs the value",
    "docs/LANGUAGE.md: let s = cold \"10ms a 9ms #\" | retry 2; s | map { \"A \" + . } | catchAndReturn \"A #\" | onNext log | discard &; timer 15ms | flatMap (s) | map { \"B \" + . } | catchAndReturn \"B #\" | onNext log | discard &":
      "printing: onNext log: pipe prints each event with its time, the export console.logs the value",
    "docs/LANGUAGE.md: of(1, 2) | tap log | discard":
      "printing: tap log: pipe prints each event with its time, the export console.logs the value",
    "docs/OPERATORS.md: of(1, 2) | tap log":
      "printing: tap log: pipe prints each event with its time, the export console.logs the value",
    "docs/LANGUAGE.md: empty | repeat; just 7":
      "commented: repeats without end, even a source that completes at once (pipe stops after 1,000,000 resubscriptions without time moving)",
    "docs/OPERATORS.md: every 100ms | throttle 1s | take 3":
      "commented: on the TestScheduler an interval() value due at the tick the wait ends comes first, in pipe after: the value sent may be the next one",
    "docs/LANGUAGE.md: cold \"a-#\" | materialize":
      "printing: a materialized error's message, source and attempt are pipe's own",
    "docs/OPERATORS.md: of(1) | concat (fail offline) | materialize":
      "printing: a materialized error's message, source and attempt are pipe's own",
  ]) { $1 }

  /// The RxJS export's comment at a timeout (ExportCheck.timeoutTick).
  static let timeoutTick =
    "at the very tick of the timeout the timer set first goes first, and of() sends (and restarts it) "
    + "sooner than pipe's of: a value pipe passes may fail here"

  /// Runs TypeScript once over every program (each a module of its own); the errors by file.
  private func typeCheck(_ files: [String], in folder: URL) throws -> [String: [String]] {
    let config = """
      {
        "compilerOptions": {
          "target": "es2020", "module": "commonjs", "strict": true, "skipLibCheck": true, "types": [],
          "outDir": "out", "baseUrl": ".",
          "paths": {
            "rxjs": ["\(Self.rxjs)/dist/types/index.d.ts"],
            "rxjs/testing": ["\(Self.rxjs)/dist/types/testing/index.d.ts"]
          }
        },
        "files": [\(files.map { "\"\($0)\"" }.joined(separator: ", "))]
      }
      """
    try config.write(to: folder.appendingPathComponent("tsconfig.json"), atomically: true, encoding: .utf8)
    let run = try WorkerRun.program(Self.tsc, ["-p", folder.path], directory: folder, timeout: 300)
    var errors: [String: [String]] = [:]
    for line in run.stdout.split(separator: "\n") where line.contains(": error TS") {
      let file = String(line.prefix { $0 != "(" })
      errors[URL(fileURLWithPath: file).lastPathComponent, default: []].append(String(line))
    }
    if run.status != 0 && errors.isEmpty { XCTFail("tsc failed:\n\(run.stdout)\(run.stderr)") }
    return errors
  }
}
