import Foundation
import PipeDSL
import PipeProcessSupport
import XCTest

/// The Combine round trip: every example is exported with `pipe export --to combine
/// --runnable` and built as one SwiftPM package on OpenCombine 0.14 (one executable per
/// example); each that uses no plugin source is run, and what it prints is compared with what
/// `pipe run` prints for the same script, each `expect` sink replaced by one that prints every
/// event. The plugin examples (their sources are stubs to connect) must compile.
final class CombineRoundTripTests: XCTestCase {
  func testEveryExampleWithoutPluginsPrintsTheSameInCombine() throws {
    let all = try exportedExamples()
    let examples = all.filter { !$0.usesPlugins }
    XCTAssertGreaterThanOrEqual(examples.count, 20, "the examples without plugin sources")
    XCTAssertGreaterThanOrEqual(all.count - examples.count, 18, "the examples with plugin sources")
    let package = try RoundTripPackage.write(all.map { ($0.target, $0.program) })
    try package.build()
    var same = 0
    for example in examples {
      let expected = try pipeOutput(example.script)
      let actual = try package.run(example.target, arguments: ["--virtual"])
      XCTAssertEqual(actual, expected, "\(example.place): Combine (left) and pipe (right) differ")
      if actual == expected { same += 1 }
    }
    print(
      "documented pipelines and scripts in Combine: \(all.count) compile, \(same) of the"
        + " \(examples.count) without plugin sources print what pipe prints")
    // Two of them on the real clock too, as a user runs the program.
    for example in examples
    where ["retry-counts-attempts", "catchandreturn-before-retry"].contains(example.stem) {
      XCTAssertEqual(
        try package.run(example.target, arguments: []), try pipeOutput(example.script), example.place)
    }
  }

  struct Example {
    /// Where it is documented, or the script's path.
    var place: String
    var stem: String
    var target: String
    var program: String
    /// The script's text.
    var script: String
    /// Whether the export declares a plugin's stub, which the program cannot run.
    var usesPlugins: Bool
  }

  /// Every example, test script and pipeline the docs show, with its runnable program; those
  /// the exporter refuses (DocumentedExportTests checks why) are left out.
  private func exportedExamples() throws -> [Example] {
    var examples: [Example] = []
    // The golden test's own scripts too: kinds no example shows.
    let scripts = try PipeProcess.files(in: "Tests/PipeExportTests/Scripts", suffix: ".pipe").map {
      DocumentedPipeline(place: $0, arguments: [$0])
    }
    for pipeline in try DocumentedPipeline.all() + scripts {
      let export = try PipeProcess.run(
        ["export", "--to", "combine", "--runnable"] + pipeline.arguments, errors: .output)
      guard export.status == 0 else {
        XCTAssertTrue([2, 3].contains(export.status), "\(pipeline.place): \(export.output)")
        continue
      }
      let isFile = pipeline.arguments.count == 1
      let text = isFile ? try PipeProcess.read(pipeline.arguments[0]) : pipeline.arguments[1]
      let stem = isFile ? String(pipeline.place.split(separator: "/").last!.dropLast(5)) : pipeline.place
      let target =
        "x_"
        + pipeline.place.split(separator: "/").suffix(2).joined(separator: "/")
        .replacingOccurrences(of: ".pipe", with: "").map { $0.isLetter || $0.isNumber ? $0 : "_" }
      examples.append(
        Example(
          place: pipeline.place, stem: stem, target: String(target), program: export.output, script: text,
          usesPlugins: export.output.contains("connect your service here")))
    }
    return examples
  }

  /// What `pipe run` prints for the script with every `expect` sink printing each event.
  private func pipeOutput(_ text: String) throws -> String {
    let script = FileManager.default.temporaryDirectory.appendingPathComponent(
      "roundtrip-\(UUID().uuidString).pipe")
    try Self.printingEvents(text).write(to: script, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: script) }
    return try PipeProcess.run(["run", script.path], errors: .output).output
  }

  /// The script with each `expect ...` and `show` sink replaced by stages that print every
  /// value, then `completed` or `error: KIND`, as the runnable Combine program does; a
  /// pipeline run without a sink gets them at its end.
  static func printingEvents(_ text: String) -> String {
    let parsed = Parser.parse(SourceFile(name: "example.pipe", text: text))
    var bytes = Array(text.utf8)
    let tail =
      "materialize | map { .event == \"next\" ? .value : (.event == \"completed\" ? \"completed\" : \"error: \" + .error.kind) } | show"
    let sinks = Set([
      "show", "collect", "count", "last", "discard", "log", "marbles", "plot", "table", "expect",
    ])
    let edits = parsed.tree.statements.compactMap { statement -> (Range<Int>, String)? in
      guard case .run(let pipeline, _) = statement.kind, let last = pipeline.stages.last else { return nil }
      guard case .operator(let op) = last.kind, sinks.contains(op.name.text) else {
        return (pipeline.span.range.upperBound..<pipeline.span.range.upperBound, " | " + tail)
      }
      return ["expect", "show"].contains(op.name.text) ? (last.span.range, tail) : nil
    }
    for (range, replacement) in edits.reversed() {
      bytes.replaceSubrange(range, with: Array(replacement.utf8))
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
