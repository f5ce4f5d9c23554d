import Foundation
import Operators
import PipeDSL
import XCTest

@testable import PipeRendering

final class PrinterTests: RenderingTestCase {
  func testGraphIsATreeWithNodeIdsAndRoles() {
    let (_, session, _) = run(#"of(1, 2) | flatMap (cold "-a|" | map { . }) | catch (just 0) | count"#)
    XCTAssertEqual(
      PromptPrinters.graph(of: session),
      [
        "#0  of(1, 2)                          source",
        #"#1  flatMap (cold "-a|" | map { . })  combine"#,
        #"    ├ #2  cold "-a|"                  source"#,
        "    └ #3  map { . }                   transform",
        "#4  catch (just 0)                    errors",
        "    └ #5  just 0                      source",
        "#6  count                             sink",
      ])
  }

  func testGraphDotNestsInnerPipelinesInClusters() {
    let (_, session, _) = run(#"of(1) | flatMap (just .) | show"#)
    XCTAssertEqual(
      PromptPrinters.graph(of: session, dot: true),
      [
        "digraph pipeline {",
        "  rankdir=LR;",
        #"  node [shape=box, style=rounded, fontname="monospace"];"#,
        #"  n0 [label="of(1)", style="rounded,bold"];"#,
        #"  n1 [label="flatMap (just .)"];"#,
        "  subgraph cluster_n1 {",
        #"    label="inside #1"; style=dashed; fontname="monospace";"#,
        #"    n2 [label="just .", style="rounded,bold"];"#,
        "  }",
        "  n2 -> n1 [style=dashed];",
        #"  n3 [label="show", shape=oval];"#,
        "  n0 -> n1;",
        "  n1 -> n3;",
        "}",
      ])
  }

  func testGraphBeforeAnyRun() {
    let session = Session.make(output: BufferedOutput())
    XCTAssertEqual(PromptPrinters.graph(of: session), ["(no pipeline has run yet)"])
  }

  func testScheduleOfBackoffMatchesTheLanguagesTimes() {
    let (_, session, _) = run("just 1 | discard")
    let result = PromptPrinters.schedule("backoff(1, 3, 5, 10)", in: session)
    XCTAssertFalse(result.failed)
    XCTAssertEqual(
      result.lines,
      [
        "backoff(1, 3, 5, 10)",
        "attempt  wait  starts at",
        "      1  —     0s",
        "      2  1s    1s",
        "      3  3s    4s",
        "      4  5s    9s",
        "      5  10s   19s",
        "if attempt 5 fails too, the error is passed on",
        "(times count the waits only, as if every attempt failed at once)",
      ])
  }

  func testScheduleWithJitterShowsWhereEachWaitIsDrawnFrom() {
    let strategy = RetryStrategy.exponential(initial: .seconds(1), max: .seconds(30), jitter: .full, times: 3)
    let lines = SchedulePrinter.lines(for: strategy, seed: 7, unicode: false)
    XCTAssertEqual(lines[0], "exponential(1s, factor: 2, max: 30s, jitter: full, times: 3), seed 7")
    // The wait column is as wide as its widest wait (seed 7 draws 3.001s … 820.394ms).
    XCTAssertEqual(lines[1], "attempt  wait       starts at  drawn from")
    XCTAssertTrue(lines[3].hasSuffix("0s ... 1s"), lines[3])
    XCTAssertTrue(lines[4].hasSuffix("0s ... 2s"), lines[4])
    XCTAssertTrue(lines[5].hasSuffix("0s ... 4s"), lines[5])
    var schedule = strategy.makeSchedule(seed: 7)
    XCTAssertTrue(lines[3].contains("  \(schedule.next()!)  "), lines[3])
  }

  func testScheduleOfALongStrategyIsCut() {
    let lines = SchedulePrinter.lines(for: .constant(.seconds(1), times: 100), seed: 0)
    XCTAssertEqual(lines[lines.count - 3], "… 81 more, 1m 40s of waiting in all")
    XCTAssertEqual(lines[lines.count - 2], "if attempt 101 fails too, the error is passed on")
  }

  func testScheduleReportsMistakesAndStrategiesWithoutTimes() {
    let session = Session.make(output: BufferedOutput())
    let typo = PromptPrinters.schedule("exponental(1s, times: 3)", in: session)
    XCTAssertTrue(typo.failed)
    XCTAssertEqual(typo.lines.first, "<schedule>:1:1: error: unknown retry strategy 'exponental'")
    XCTAssertTrue(typo.lines.contains("  = help: did you mean 'exponential'?"), "\(typo.lines)")
    let waiting = PromptPrinters.schedule("online", in: session)
    XCTAssertFalse(waiting.failed)
    XCTAssertEqual(
      waiting.lines,
      ["online waits for something to happen rather than for a fixed time: no schedule to print"])
  }

  func testExportWritesTheLastDiagram() throws {
    let path = NSTemporaryDirectory() + "export-\(UUID().uuidString).svg"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let (_, session, _) = run(#"cold "-a|" | marbles"#)
    XCTAssertNil(PromptPrinters.exportSVG(from: session, to: path))
    let svg = try String(contentsOfFile: path, encoding: .utf8)
    XCTAssertTrue(svg.contains(#"<g class="lane" data-node="0" data-subscription="1">"#), svg)
    XCTAssertNotNil(PromptPrinters.exportSVG(from: session, to: "/nonexistent/dir/x.svg"))
  }

  func testExportBeforeAnyDiagramSaysWhatToDo() {
    let (_, session, _) = run("just 1 | discard")
    XCTAssertEqual(
      PromptPrinters.exportSVG(from: session, to: "/tmp/never.svg"),
      "no diagram to export yet: run a pipeline that ends in marbles first")
  }
}
