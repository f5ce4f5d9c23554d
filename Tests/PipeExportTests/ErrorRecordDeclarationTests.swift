import Foundation
import PipeProcessSupport
import XCTest

@testable import PipeExport

/// A Swift export declares pipe's error record (`struct PipeError` and the `extension Error`
/// with `kind`, `attempt`, ...) where its code reads it: each place that writes such a read
/// marks it, and each helper lists what it reads (issue 27, item 5: derive, don't re-read
/// the generated text).
final class ErrorRecordDeclarationTests: XCTestCase {
  /// One pipeline per kind of place that writes a read of the record: an expression's field,
  /// a path of fields, a record made an error, mapError's new message, the general
  /// strategy's numbered errors, the strategy per kind, an action's expression, scan's body,
  /// `on KINDS`, the error joining the stream as a record, materialize's records.
  static let pipelines = [
    #"fail boom | catch (just { "no: " + .kind }) | show"#,
    "fail boom | catch (just .message) | show",
    #"fail boom | mapError { {kind: "other"} } | show"#,
    #"fail boom | mapError { "bad: " + .kind } | show"#,
    "fail boom | retryWhen (errors | take 2) | show",
    "fail boom | retryWhen [boom: never] | show",
    #"fail boom | onError say { "bad " + .kind } | show"#,
    "of(1, 2) | scan 0 { acc + .status } | show",
    "fail boom | retryWhen exponential(1s, times: 3) on [boom] | show",
    "fail boom | catch (just .) | show",
    "of(1, 2) | materialize | show",
    #"of(1, 2) | map { . + 1 } | show"#,
  ]

  /// What reads the record in Swift: the type, a field, the helper that reads `retryAfter`.
  static let readings =
    ["PipeError", "honouringRetryAfter"] + ErrorRecordPart.allCases.map { "." + $0.rawValue }

  func testASwiftExportThatReadsTheErrorRecordDeclaresIt() throws {
    for library in ["combine", "rxswift"] {
      for pipeline in Self.pipelines {
        let run = try exportRun(library, pipeline)
        XCTAssertEqual(run.status, 0, "\(library): \(pipeline)\n\(run.stderr)")
        let code = run.stdout
        let declares = code.contains("struct PipeError: Error") && code.contains("extension Error {\n")
        let read = Self.readings.first { code.contains($0) }
        if let read {
          XCTAssertTrue(declares, "\(library): \(pipeline) reads \(read) undeclared:\n\(code)")
        }
      }
    }
  }

  /// A Combine fragment that reads no error declares no record: the marks are not everywhere.
  func testACombineFragmentThatReadsNoErrorHasNoRecord() throws {
    // (Not `. + 1` of Ints: its overflow is checked, and fails with pipe's error, SwiftChecks.)
    let run = try exportRun("combine", "of(1, 2) | map { . > 1 } | show")
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertFalse(run.stdout.contains("PipeError"), run.stdout)
    XCTAssertFalse(run.stdout.contains("extension Error"), run.stdout)
  }

  /// Each helper's readers list names every part of the record its text reads.
  func testEachHelperListsThePartsOfTheRecordItReads() {
    let helpers =
      CombineHelper.allCases.map { ("Combine \($0)", $0.text, $0.reads) }
      + RxSwiftHelper.allCases.map { ("RxSwift \($0)", $0.text, $0.reads) }
    for (name, text, reads) in helpers {
      for part in ErrorRecordPart.allCases {
        let token = part == .pipeError ? "PipeError" : "." + part.rawValue
        if text.contains(token) || (part == .retryAfter && text.contains("honouringRetryAfter")) {
          XCTAssertTrue(reads.contains(part), "\(name) reads \(token) but does not list it")
        }
      }
    }
    XCTAssertEqual(CombineHelper.retryWhen.reads, [.pipeError, .kind])
    XCTAssertEqual(RxSwiftHelper.coldEach.reads, [])
  }
}
