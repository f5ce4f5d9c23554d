import Foundation
import PipeProcessSupport
import XCTest

@testable import PipeExport

/// An RxJS export declares the `PipeError` class wherever its code or a helper it declares
/// reads it: `sameMarbles` (every export on the TestScheduler), `withAttempt`, `show` and
/// pipe's functions name the class, and an `expect` statement raises no error of its own
/// (before, `cold "-a|" | ... | expect "-a|"` gave TypeScript "Cannot find name 'PipeError'").
final class RxJSPipeErrorDeclarationTests: XCTestCase {
  static let pipelines = [
    #"cold "-a-b|" | map { . + 1 } | expect "-b-c|""#,
    #"cold "-a|" | retryWhen (errors | take 2) | expect "-a|""#,
    #"cold "-a|" | map { str(.) } | expect "-a|""#,
    #"of(1, 2) | map { str(.) } | show"#,
  ]

  func testAnExportThatMentionsPipeErrorDeclaresIt() throws {
    for pipeline in Self.pipelines {
      let run = try exportRun("rxjs", pipeline)
      XCTAssertEqual(run.status, 0, "\(pipeline)\n\(run.stderr)")
      if run.stdout.contains("PipeError") {
        XCTAssertTrue(run.stdout.contains("class PipeError extends Error {"), "\(pipeline):\n\(run.stdout)")
      }
    }
  }

  /// Each helper whose text names the class is in the readers list, and only those.
  func testTheReadersListNamesEachHelperThatReadsPipeError() {
    let helpers =
      RxJSExport.helpers + RxJSExport.functions + RxJSExport.faithful
      + [("coldEach", RxJSExport.coldEach), ("sameMarbles", RxJSExport.sameMarbles)]
    for (name, text) in helpers {
      XCTAssertEqual(
        RxJSExport.pipeErrorReaders.contains(name), text.contains("PipeError"), "\(name): the readers list")
    }
  }
}
