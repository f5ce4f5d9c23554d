import Foundation
import PipeProcessSupport
import XCTest

/// Every pipeline pipe documents (`DocumentedPipeline.all`) exported with `pipe export` to each
/// library (`DocumentedExports`: the RxSwift fragment, the Combine and RxJS programs): the code has none of pipe's syntax, or the exporter refuses with a message naming
/// the stage and why, exit status 3. The counts per library are printed (`swift test
/// --filter DocumentedExportTests` shows them), the basis of issue 27's note.
final class DocumentedExportTests: XCTestCase {
  struct Counts: CustomStringConvertible {
    var translated = 0
    var refused = 0
    var notChecking = 0
    var description: String {
      "translated \(translated), refused \(refused) (scripts that do not check: \(notChecking))"
    }
  }

  func testEveryDocumentedPipelineTranslatesOrIsRefusedWithAReason() throws {
    // The one export pass of the test run, which the round trips build and run too.
    let shared = try DocumentedExports.shared()
    let pipelines = shared.pipelines
    XCTAssertGreaterThan(pipelines.count, 200, "the docs' pipelines and the scripts")
    for library in DocumentedExports.libraries {
      var counts = Counts()
      for (index, pipeline) in pipelines.enumerated() {
        let export = shared.exports[library]![index]
        switch export.status {
        case 0:
          counts.translated += 1
          let left = PipeSyntax.lines(in: export.stdout)
          XCTAssertEqual(
            left, [], "\(pipeline.place) as \(library) has pipe syntax:\n\(left.joined(separator: "\n"))")
        case 3:
          counts.refused += 1
          XCTAssertTrue(
            export.stderr.contains("cannot export") && export.stderr.contains("^"),
            "\(pipeline.place) as \(library): a refusal names the stage, with a caret, and why:\n\(export.stderr)"
          )
        case 2:
          counts.notChecking += 1
        default:
          XCTFail("\(pipeline.place) as \(library): exit status \(export.status)\n\(export.stderr)")
        }
      }
      print("documented pipelines as \(library): \(counts)")
    }
  }

  func testTheFinderSeesTheIssuesPipeSyntax() {
    XCTAssertEqual(
      PipeSyntax.lines(in: #"  .catch { error in Observable.just({ ("no weather: " + .kind) }) }"#).count, 1)
    XCTAssertEqual(PipeSyntax.lines(in: "catchError((e) => of({ ('no weather: ' + .kind) }))").count, 1)
    XCTAssertEqual(PipeSyntax.lines(in: "x.retry(when: errors | take 2)").count, 1)
    XCTAssertEqual(PipeSyntax.lines(in: "Observable.just(.)").count, 1)
    XCTAssertEqual(PipeSyntax.lines(in: "delay(500ms)").count, 1)
    // Comments, strings, key paths, enum cases and TypeScript unions are code, not pipe's.
    let clean = """
      // weather "x" | catch (just { "no weather: " + .kind })
      let text = "a | b .kind 2s"
      /** a | b
       * .kind */
      let ended: (() => void) | undefined;
      xs.map(\\.value)
          case .error: return "error"
      $0.kind == "cityNotFound" ? "City" : String(describing: $0.attempt)
      """
    XCTAssertEqual(PipeSyntax.lines(in: clean), [])
  }

  func testTheFinderReadsQuotedCodeOverLines() {
    let page = """
      Run `pipe -e 'just 1 | show'` or:

      ```console
      $ pipe -e "of(1, 2) |
        map { . * 2 }"
      2
      pipe> cold "-a|" |
        ... show
      pipe> set x 1
      ```
      `pipe -e '...' | less` is no pipeline.
      """
    let found = DocumentedPipeline.inPage(page, named: "page.md")
    XCTAssertEqual(found.map(\.place), ["page.md:1", "page.md:4", "page.md:7"])
    XCTAssertEqual(
      found.map { $0.arguments.last! },
      ["just 1 | show", "of(1, 2) |\n  map { . * 2 }", "cold \"-a|\" |\nshow\nset x 1"])
  }
}
