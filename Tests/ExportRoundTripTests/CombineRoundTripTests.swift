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
    let programs = try CombinePrograms.shared()
    let all = programs.examples
    let examples = all.filter { !$0.usesPlugins }
    XCTAssertGreaterThanOrEqual(examples.count, 20, "the examples without plugin sources")
    // 18, less 11-ask-the-user and 18-chaos, which the exporter refuses.
    XCTAssertGreaterThanOrEqual(all.count - examples.count, 16, "the examples with plugin sources")
    for example in all {
      XCTAssertNil(programs.failed[example.target], "\(example.place) does not build in Combine")
    }
    for example in examples where programs.failed[example.target] == nil {
      let expected = try pipeOutput(example.place)
      let actual = try programs.package.run(example.target, arguments: ["--virtual"])
      XCTAssertEqual(actual, expected, "\(example.place): Combine (left) and pipe (right) differ")
    }
    // Two of them on the real clock too, as a user runs the program.
    for example in examples
    where ["retry-counts-attempts", "catchandreturn-before-retry"].contains(where: {
      example.place.hasSuffix("/\($0).pipe")
    }) {
      XCTAssertEqual(
        try programs.package.run(example.target, arguments: []), try pipeOutput(example.place), example.place)
    }
  }

  /// What `pipe run` prints for the script with every `expect` sink printing each event.
  private func pipeOutput(_ path: String) throws -> String {
    let text = try PipeProcess.read(path)
    let script = FileManager.default.temporaryDirectory.appendingPathComponent(
      "roundtrip-\(UUID().uuidString).pipe")
    try Self.printingEvents(text).write(to: script, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: script) }
    return try PipeProcess.run(["run", script.path], errors: .output).output
  }

  /// The script with each `expect ...` sink replaced by stages that print every value, then
  /// `completed` or `error: KIND`, as the runnable Combine program does.
  static func printingEvents(_ text: String) -> String {
    let parsed = Parser.parse(SourceFile(name: "example.pipe", text: text))
    var bytes = Array(text.utf8)
    let tail =
      "materialize | map { .event == \"next\" ? .value : (.event == \"completed\" ? \"completed\" : \"error: \" + .error.kind) } | show"
    let sinks = parsed.tree.statements.compactMap { statement -> Span? in
      guard case .run(let pipeline, _) = statement.kind, let last = pipeline.stages.last,
        case .operator(let op) = last.kind, op.name.text == "expect"
      else { return nil }
      return last.span
    }
    for span in sinks.reversed() {
      bytes.replaceSubrange(span.range, with: Array(tail.utf8))
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
