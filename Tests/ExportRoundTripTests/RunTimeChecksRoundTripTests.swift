import Foundation
import PipeProcessSupport
import XCTest

/// Issue 27, "none silently wrong", at run time: where only the running values say that
/// JavaScript's operator differs from pipe's (a missing field, `+` of a text and a number,
/// `/` by a zero, an int beyond 2^53, `==` of lists, `&&` or a filter of a number), the RxJS
/// export calls a checked helper that fails the stream with pipe's error kind. Each pipeline
/// is run by pipe and, exported with `--runnable`, type-checked by Debian's TypeScript and run
/// by Node: both print the same values, then `completed` or `error: KIND`. Here, beside the
/// round trips, as it needs Node and TypeScript (`make test-deps`); `make test-fast` has none.
final class RunTimeChecksRoundTripTests: XCTestCase {
  /// Each pipeline, with the helper its export must call.
  static let pipelines: [(code: String, helper: String)] = [
    // A field the record has not: pipe's null, then typeError at the `+` (JavaScript: NaN).
    ("of([a: 1], [b: 2]) | map { .a + 1 } | show", "pipeField(x, 'a')"),
    // A field of null is null in pipe (JavaScript throws a TypeError).
    ("of([a: [b: 1]], [c: 2]) | map { .a.b } | show", "pipeField(pipeField(x, 'a'), 'b')"),
    // `+` of a text and a number: typeError (JavaScript: 'a1').
    (#"of([v: 1], [v: "a"]) | map { .v + 1 } | show"#, "pipeAdd("),
    // A text joined a stream of ints: `+` of an int and a text fails (JavaScript: '1!').
    (#"of(1, 2) | startWith "a" | map { . + "!" } | show"#, "pipeAdd(x, '!')"),
    // An order of a text and a number: typeError (JavaScript: false).
    (#"of([v: 1], [v: "a"]) | map { .v < 2 } | show"#, "pipeCompare("),
    // `/` and `%` by a zero of the stream: divisionByZero (JavaScript: Infinity, NaN).
    ("of(2, 0) | map { 10 / . } | show", "pipeDivide(10, x)"),
    ("of(3, 0) | map { 10 % . } | show", "pipeRemainder(10, x)"),
    // An int beyond 64 bits: overflow (JavaScript: 18446744073709552000).
    ("of(1, 9223372036854775807) | map { . * 2 } | show", "pipeMultiply(x, 2)"),
    // `==` of lists compares their items (JavaScript's === their identity).
    ("of([1], [2]) | map { . == [1] } | show", "pipeEqual(x, [1])"),
    // `&&`, `? :` and a filter of a number: typeError (JavaScript takes 1 as true).
    ("of([v: true], [v: 1]) | map { .v && true } | show", "pipeBool(pipeField(x, 'v'), '&&')"),
    (#"of([v: true], [v: 1]) | map { .v ? "y" : "n" } | show"#, "pipeBool(pipeField(x, 'v'), '? :')"),
    ("of([v: true], [v: 1]) | filter { .v } | show", "filter((x) => pipeBool(pipeField(x, 'v')))"),
  ]

  func testEachExportFailsWhereAndAsPipeFails() throws {
    let (tsc, node, rxjs) = ("/usr/bin/tsc", "/usr/bin/node", "/usr/share/nodejs/rxjs")
    for tool in [tsc, node, rxjs + "/package.json"] where !FileManager.default.fileExists(atPath: tool) {
      throw MissingTestSetup(
        "\(tool) is missing: make test-deps installs nodejs, node-typescript and node-inquirer")
    }
    let folder = try TemporaryFolder.make(for: self, prefix: "pipe-runtime-checks")
    var expected: [String] = []
    for (index, (code, helper)) in Self.pipelines.enumerated() {
      let export = try PipeProcess.run(["export", "--to", "rxjs", "--runnable", "--code", code])
      XCTAssertEqual(export.status, 0, "\(code): \(export.stderr)")
      XCTAssertTrue(export.stdout.contains(helper), "\(code): no \(helper) in\n\(export.stdout)")
      try export.stdout.write(
        to: folder.appendingPathComponent("p\(index).ts"), atomically: true, encoding: .utf8)
      expected.append(try printed(code))
    }
    try typeCheck(Self.pipelines.indices.map { "p\($0).ts" }, in: folder, tsc: tsc, rxjs: rxjs)
    for (index, (code, _)) in Self.pipelines.enumerated() {
      let program = folder.appendingPathComponent("out/p\(index).js").path
      let run = try Spawned(
        [program],
        environment: ProcessInfo.processInfo.environment.merging(["NODE_PATH": "/usr/share/nodejs"]) { $1 },
        executable: node, errors: .output
      ).wait(timeout: 30)
      XCTAssertEqual(run.output, expected[index], code)
    }
  }

  /// What pipe prints for `code` with its `show` made to print every event as the export does.
  private func printed(_ code: String) throws -> String {
    let tail =
      #"materialize | map { .event == "next" ? .value : (.event == "completed" ? "completed" : "error: " + .error.kind) } | show"#
    let run = try PipeProcess.run(["-e", code.replacingOccurrences(of: "| show", with: "| " + tail)])
    XCTAssertEqual(run.status, 0, "\(code): \(run.stderr)")
    return run.stdout
  }

  private func typeCheck(_ files: [String], in folder: URL, tsc: String, rxjs: String) throws {
    let config = """
      {
        "compilerOptions": {
          "target": "es2020", "module": "commonjs", "strict": true, "skipLibCheck": true, "types": [],
          "outDir": "out", "baseUrl": ".", "paths": { "rxjs": ["\(rxjs)/dist/types/index.d.ts"] }
        },
        "files": [\(files.map { "\"\($0)\"" }.joined(separator: ", "))]
      }
      """
    try config.write(to: folder.appendingPathComponent("tsconfig.json"), atomically: true, encoding: .utf8)
    let run = try Program.run(tsc, ["-p", folder.path], timeout: 120)
    XCTAssertEqual(run.status, 0, "tsc:\n\(run.output)")
  }
}
