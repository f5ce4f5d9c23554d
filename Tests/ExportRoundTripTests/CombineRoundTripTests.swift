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
    for example in examples {
      let expected = try pipeOutput(example.path)
      let actual = try package.run(example.target, arguments: ["--virtual"])
      XCTAssertEqual(actual, expected, "\(example.path): Combine (left) and pipe (right) differ")
    }
    // Two of them on the real clock too, as a user runs the program.
    for example in examples
    where ["retry-counts-attempts", "catchandreturn-before-retry"].contains(example.stem) {
      XCTAssertEqual(
        try package.run(example.target, arguments: []), try pipeOutput(example.path), example.path)
    }
  }

  struct Example {
    var path: String
    var stem: String
    var target: String
    var program: String
    /// Whether the export declares a plugin's stub, which the program cannot run.
    var usesPlugins: Bool
  }

  /// Every example with its runnable program.
  private func exportedExamples() throws -> [Example] {
    var examples: [Example] = []
    // The golden test's own scripts too: kinds no example shows.
    for folder in ["examples/chapter", "examples/rx", "examples/tour", "Tests/PipeExportTests/Scripts"] {
      for path in try PipeProcess.files(in: folder, suffix: ".pipe") {
        let export = try PipeProcess.run(["export", "--to", "combine", "--runnable", path], errors: .output)
        // A refusal (exit 3, `chaos`) is DocumentedExportTests' to check.
        if export.status == 3 { continue }
        XCTAssertEqual(export.status, 0, "\(path): \(export.output)")
        let stem = String(path.split(separator: "/").last!.dropLast(5))
        let target =
          "x_"
          + path.split(separator: "/").suffix(2).joined(separator: "/").dropLast(5).map {
            $0.isLetter || $0.isNumber ? $0 : "_"
          }
        examples.append(
          Example(
            path: path, stem: stem, target: String(target), program: export.output,
            usesPlugins: export.output.contains("connect your service here")))
      }
    }
    return examples
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
