import Foundation
import PipeDSL
import PipeProcessSupport
import XCTest

/// A script made to print what a `--runnable` export prints: each value, then `completed` or
/// `error: KIND`, for each pipeline. A sink that shows values (`show`, `marbles`, `expect`,
/// `plot`, `table`, `discard`) is replaced by stages that print every event; a pipeline
/// without a sink gets them at its end. `collect`, `count`, `last` and `log` print what the
/// exports print their own way: such a script has no printing form (nil).
enum PrintingScript {
  static let tail =
    "materialize | map { .event == \"next\" ? .value : (.event == \"completed\" ? \"completed\" : \"error: \" + .error.kind) } | show"

  static let replaced: Set = ["show", "marbles", "expect", "plot", "table", "discard"]
  static let ownWay: Set = ["collect", "count", "last", "log"]

  static func printing(_ text: String) -> String? {
    let parsed = Parser.parse(SourceFile(name: "script.pipe", text: text))
    var edits: [(range: Range<Int>, text: String)] = []
    for statement in parsed.tree.statements {
      guard case .run(let pipeline, _) = statement.kind, let last = pipeline.stages.last else { continue }
      if case .operator(let op) = last.kind, ownWay.contains(op.name.text) { return nil }
      if case .operator(let op) = last.kind, replaced.contains(op.name.text) {
        edits.append((last.span.range, tail))
      } else {
        edits.append((last.span.range.upperBound..<last.span.range.upperBound, " | " + tail))
      }
    }
    var bytes = Array(text.utf8)
    for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
      bytes.replaceSubrange(edit.range, with: Array(edit.text.utf8))
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// What `pipe run` prints for each documented pipeline's printing form (nil: none), by
  /// `key`: run once, a core at a time, for every round trip of the test run.
  static func expected(of pipelines: [DocumentedPipeline]) throws -> [String: String?] {
    try lock.withLock {
      let missing = pipelines.filter { cache[key($0)] == nil }
      let runs = WorkerRun.each(missing.count) { index in Result { try expected(missing[index]) } }
      for (pipeline, run) in zip(missing, runs) { cache[key(pipeline)] = .some(try run.get()) }
      let keys = Set(pipelines.map(key))
      return cache.filter { keys.contains($0.key) }.mapValues { $0! }
    }
  }

  /// A pipeline's key: two may be documented at one place.
  static func key(_ pipeline: DocumentedPipeline) -> String {
    ([pipeline.place] + pipeline.arguments).joined(separator: "\u{0}")
  }

  private static let lock = NSLock()
  nonisolated(unsafe) private static var cache: [String: String??] = [:]

  /// What `pipe run` prints on standard output for the printing form of a documented
  /// pipeline's script; nil when it has none.
  static func expected(_ pipeline: DocumentedPipeline) throws -> String? {
    let text =
      try pipeline.arguments.first == "--code"
      ? pipeline.arguments[1] : PipeProcess.read(pipeline.arguments[0])
    guard let printing = printing(text) else { return nil }
    let script = FileManager.default.temporaryDirectory.appendingPathComponent(
      "printing-\(UUID().uuidString).pipe")
    try printing.write(to: script, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: script) }
    return try WorkerRun.pipe(["run", script.path]).stdout
  }
}

/// Documented programs run against `pipe run`'s printing form of the same pipelines: the
/// counts, and a test failure for each difference `differences` does not list, and for each
/// it lists that is gone.
struct RoundTripTally {
  var matched = 0
  /// Those whose script prints collect, count, last or log its own way.
  var ownWay = 0
  /// The keys (`DocumentedPipeline.key`) of those that differ as `differences` says.
  var known: Set<String> = []

  /// `run(i)` runs the i-th pipeline's program and gives what it printed.
  init(
    library: String, _ pipelines: [DocumentedPipeline], differences: [String: String],
    run: @escaping @Sendable (Int) throws -> String
  ) throws {
    let printed = try PrintingScript.expected(of: pipelines)
    let outcomes = WorkerRun.each(pipelines.count) { index in
      Result { () throws -> (expected: String?, actual: String) in
        guard let expected = printed[PrintingScript.key(pipelines[index])] ?? nil else { return (nil, "") }
        // A program that does not end is a difference, not the end of the test.
        do { return (expected, try run(index)) } catch { return (expected, "\(error)") }
      }
    }
    for (index, outcome) in outcomes.enumerated() {
      let (expected, actual) = try outcome.get()
      let (place, key) = (pipelines[index].place, pipelines[index].key)
      guard let expected else {
        ownWay += 1
        continue
      }
      if actual == expected {
        matched += 1
        XCTAssertNil(differences[key], "\(place) prints what pipe prints now: strike \(key) from the list")
      } else if differences[key] != nil {
        known.insert(key)
      } else {
        XCTFail(
          "\(place): \(library) (first) and pipe (second) print differently:\n\(actual)\n---\n\(expected)")
      }
    }
  }

  /// Counts `earlier` (listed differences found before any program ran, such as those that do
  /// not build) as known too, and fails for each listed difference no pipeline shows any more.
  mutating func checkEveryListedDifferenceIsSeen(
    _ differences: [String: String], besides earlier: Set<String>
  ) {
    known.formUnion(earlier)
    XCTAssertEqual(
      Set(differences.keys).subtracting(known), [],
      "listed as known differences, but no documented pipeline has these keys any more")
  }
}
