import Foundation
import PipeProcessSupport
import XCTest

/// The two pipelines of issue 27, exported as a Swift developer would: an expression of the
/// error in a fallback, and a fallback whose values are of another type than the stream's.
final class IssuePipelinesExportTests: XCTestCase {
  static let expression = #"weather "xyzzy" | catch (just { "no weather: " + .kind })"#
  static let otherType =
    #"weather "xyzzy" | catch (just . | throwIf { .kind != "cityNotFound" } . | map { "no such city" })"#

  func testAnExpressionOfTheErrorIsTheLibrarysOwn() throws {
    let expected = [
      "rxswift": #"Observable.just("no weather: " + error.kind)"#,
      "combine": #"Just("no weather: " + error.kind)"#,
      "rxjs": #"of('no weather: ' + e.kind)"#,
    ]
    for (library, code) in expected {
      let export = try PipeProcess.run(["export", "--to", library, "--code", Self.expression])
      XCTAssertEqual(export.status, 0, export.stderr)
      XCTAssertTrue(export.stdout.contains(code), "\(library):\n\(export.stdout)")
      XCTAssertEqual(PipeSyntax.lines(in: export.stdout), [], library)
    }
  }

  /// Swift's `catch` gives the stream's own type: the Weathers become Strings first (what
  /// pipe prints for them), and the line says so.
  func testAFallbackOfAnotherTypeMakesBothStrings() throws {
    for library in ["rxswift", "combine"] {
      let export = try PipeProcess.run(["export", "--to", library, "--code", Self.otherType])
      XCTAssertEqual(export.status, 0, export.stderr)
      let lines = export.stdout.split(separator: "\n").map(String.init)
      let conversion = try XCTUnwrap(
        lines.firstIndex { $0.contains(".map { String(describing: $0) }") }, "\(library):\n\(export.stdout)")
      let fallback = try XCTUnwrap(
        lines.firstIndex { $0.contains(#"{ _ in "no such city" }"#) }, export.stdout)
      XCTAssertLessThan(conversion, fallback, "the stream is made Strings before the catch")
      XCTAssertTrue(export.stdout.contains("pipe mixes types here; this stream holds Strings"), export.stdout)
      XCTAssertEqual(PipeSyntax.lines(in: export.stdout), [], library)
    }
  }
}
