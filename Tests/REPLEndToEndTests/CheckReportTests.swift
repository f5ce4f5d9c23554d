import Foundation
import PipeProcessSupport
import XCTest

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `pipe check --format junit|tap`: reports a CI server reads, checked the way one reads them:
/// the JUnit XML against the JUnit schema (xmllint), the TAP by its grammar and by Perl's
/// `prove`.
final class CheckReportTests: XCTestCase {
  /// A folder of scripts: one that passes twice, one with a failed expectation (and a key in
  /// it), one that checks nothing and one that does not compile.
  func scripts() throws -> String {
    let folder = try TemporaryFolder.home(for: self) + "/class"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let files = [
      "a-passes.pipe": "just 1 | expect [1]\n\nof(1, 2) | expect \"(12|)\"\n",
      "b-fails.pipe": "# a <comment> & more\njust \"\(key)\" | expect [\"no\"]\n",
      "c-unchecked.pipe": "just 1 | show\n",
      "d-broken.pipe": "just 1 | fliter { . > 0 }\n",
    ]
    for (name, text) in files {
      try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
    }
    return folder
  }

  let key = "sk-check-0123456789"

  func testJUnitIsValidAgainstTheSchemaAndNamesEachExpectation() throws {
    let folder = try scripts()
    let result = try PipeProcess.run(
      ["check", folder, "--format", "junit"], environment: ["PIPE_WEATHER_APIKEY": key, "FORCE_COLOR": "1"])
    XCTAssertEqual(result.status, 1, result.stderr)
    XCTAssertFalse(result.stdout.contains(key), result.stdout)
    XCTAssertFalse(result.stdout.contains("\u{1B}"), "no escape codes, even with FORCE_COLOR")
    let report = folder + "/../report.xml"
    try result.stdout.write(toFile: report, atomically: true, encoding: .utf8)
    let schema = PipeProcess.repository.appendingPathComponent("Tests/REPLEndToEndTests/Fixtures/junit.xsd")
      .path
    let lint = try Program.run("/usr/bin/env", ["xmllint", "--noout", "--schema", schema, report])
    XCTAssertEqual(lint.status, 0, lint.output)
    XCTAssertTrue(lint.output.contains("validates"), lint.output)

    let document = try XMLDocument(data: Data(result.stdout.utf8))
    let suites = try document.nodes(forXPath: "/testsuites/testsuite").compactMap { $0 as? XMLElement }
    XCTAssertEqual(suites.map { $0.attribute(forName: "failures")?.stringValue }, ["0", "1", "1", "1"])
    let cases = try document.nodes(forXPath: "//testcase").compactMap { $0 as? XMLElement }
    let names = cases.compactMap { $0.attribute(forName: "name")?.stringValue }
    XCTAssertEqual(
      names,
      [
        "\(folder)/a-passes.pipe:1", "\(folder)/a-passes.pipe:3", "\(folder)/b-fails.pipe:2",
        "\(folder)/c-unchecked.pipe: checks something", "\(folder)/d-broken.pipe: compiles",
      ])
    let failure = try XCTUnwrap(cases[2].elements(forName: "failure").first)
    XCTAssertEqual(
      failure.attribute(forName: "message")?.stringValue,
      "\(folder)/b-fails.pipe:2: expectation failed: just \"••••\" | expect [\"no\"]")
    XCTAssertTrue(failure.stringValue?.contains("expected: [\"no\"]") == true, failure.stringValue ?? "")
    XCTAssertTrue(cases[0].elements(forName: "failure").isEmpty)
    let broken = try XCTUnwrap(cases[4].elements(forName: "failure").first?.stringValue)
    XCTAssertTrue(broken.contains("did you mean 'filter'?"), broken)
  }

  func testTAPHasAPlanAndEveryCaseNumberedInOrder() throws {
    let folder = try scripts()
    let result = try PipeProcess.run(
      ["check", folder, "--format", "tap"], environment: ["PIPE_WEATHER_APIKEY": key])
    XCTAssertEqual(result.status, 1, result.stderr)
    XCTAssertFalse(result.stdout.contains(key), result.stdout)
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    XCTAssertEqual(lines.first, "TAP version 13")
    XCTAssertEqual(lines[1], "1..5")
    XCTAssertEqual(lines.last, "", "the report ends with a line break")
    var number = 0
    var failures: [String: String] = [:]  // name → YAML message
    var index = 2
    while index < lines.count - 1 {
      let line = lines[index]
      let result = try XCTUnwrap(line.wholeMatch(of: /(not ok|ok) (\d+) - (.+)/), "not a test line: \(line)")
      number += 1
      XCTAssertEqual(Int(result.2), number)
      index += 1
      guard result.1 == "not ok" else { continue }
      // A YAML block: `---`, keys indented by two spaces, `...`.
      XCTAssertEqual(lines[index], "  ---")
      let end = try XCTUnwrap(lines[index...].firstIndex(of: "  ..."))
      for yaml in lines[(index + 1)..<end] {
        XCTAssertTrue(yaml.hasPrefix("  ") && !yaml.hasPrefix("  -"), yaml)
        if yaml.hasPrefix("  message: ") {
          let quoted = Data(yaml.dropFirst("  message: ".count).utf8)
          failures[String(result.3)] =
            try JSONSerialization.jsonObject(with: quoted, options: .fragmentsAllowed) as? String
        }
      }
      index = end + 1
    }
    XCTAssertEqual(number, 5)
    XCTAssertEqual(
      failures["\(folder)/b-fails.pipe:2"],
      "\(folder)/b-fails.pipe:2: expectation failed: just \"••••\" | expect [\"no\"]")
    XCTAssertEqual(failures.count, 3)

    // Perl's TAP harness reads it: five tests, three failed, no parse error.
    let report = folder + "/../report.tap"
    try result.stdout.write(toFile: report, atomically: true, encoding: .utf8)
    let prove = try Program.run("/usr/bin/env", ["prove", "--exec", "cat", report])
    XCTAssertTrue(prove.output.contains("Tests: 5 Failed: 3"), prove.output)
    XCTAssertTrue(prove.output.contains("Failed tests:  3-5"), prove.output)
    XCTAssertFalse(prove.output.contains("Parse errors"), prove.output)
  }

  func testTextStaysWhatAPersonReads() throws {
    let folder = try scripts()
    let result = try PipeProcess.run(["check", folder + "/a-passes.pipe"])
    XCTAssertEqual(result.stdout, "ok   \(folder)/a-passes.pipe: 2 passed, 0 failed\n2 passed, 0 failed\n")
  }
}
