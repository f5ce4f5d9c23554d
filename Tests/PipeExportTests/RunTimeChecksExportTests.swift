import Foundation
import PipeProcessSupport
import XCTest

/// Issue 27, "none silently wrong": where the operand types say a library's operator does
/// what pipe's does, the export keeps it; where Swift's would stop the program, the Swift
/// exports call pipe's checked arithmetic. (What only the running values reveal in RxJS is
/// run by Node in ExportRoundTripTests' `RunTimeChecksRoundTripTests`.)
final class RunTimeChecksExportTests: XCTestCase {
  /// Where the operand types say JavaScript's operator does what pipe's does (a plugin
  /// source's typed fields, a double), the export keeps it: code a developer would keep.
  func testKnownTypesKeepThePlainOperator() throws {
    let run = try exportRun("rxjs", #"weather "Oslo" | filter { .temp > 20 } | map { .city + "!" } | show"#)
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertTrue(run.stdout.contains("filter((x) => x.temp > 20)"), run.stdout)
    XCTAssertTrue(run.stdout.contains("map((x) => x.city + '!')"), run.stdout)
    let doubles = try exportRun("rxjs", "of(1.5, 2.5) | map { . * 2.0 - 1 } | show")
    XCTAssertTrue(doubles.stdout.contains("map((x) => (x * 2.0) - 1)"), doubles.stdout)
    for output in [run.stdout, doubles.stdout] {
      XCTAssertFalse(output.contains("function pipe"), output)
    }
  }

  /// Swift's Int `+ - *` beyond 64 bits and `%` by zero stop the program, its Double `/` by
  /// zero is inf: the Combine and RxSwift exports call pipe's checked arithmetic in a throwing
  /// closure, which fails the stream with overflow or divisionByZero. (The Combine round trip
  /// builds and runs Scripts/runtime-checks.pipe; here, the code.)
  func testSwiftExportsFailWithOverflowAndDivisionByZeroAsPipe() throws {
    let code =
      "of(1, 9223372036854775807) | map { . * 2 } | show; of(1, 9223372036854775807) | scan 0 { acc + . } | show; "
      + "of(2.0, 0.0) | map { 10.0 / . } | show"
    let combine = try exportRun("combine", code)
    let rxswift = try exportRun("rxswift", code)
    for (run, library) in [(combine, "Combine"), (rxswift, "RxSwift")] {
      XCTAssertEqual(run.status, 0, "\(library): \(run.stderr)")
      for declared in [
        "func pipeMultiply(_ a: Int, _ b: Int) throws -> Int", "a.multipliedReportingOverflow(by: b)",
        #"throw PipeError("overflow", message: "'\(op)' on \(a) and \(b) overflows an int")"#,
        "func pipeDivide(_ a: Double, _ b: Double) throws -> Double",
        #"guard b != 0 else { throw PipeError("divisionByZero""#,
      ] {
        XCTAssertTrue(run.stdout.contains(declared), "\(library): \(declared)\n\(run.stdout)")
      }
    }
    for line in [
      ".tryMap { try pipeMultiply($0, 2) }", ".tryScan(0) { try pipeAdd($0, $1) }",
      ".tryMap { try pipeDivide(10.0, $0) }",
    ] {
      XCTAssertTrue(combine.stdout.contains(line), "\(line)\n\(combine.stdout)")
    }
    for line in [
      ".map { try pipeMultiply($0, 2) }", ".scan(0) { try pipeAdd($0, $1) }",
      ".map { try pipeDivide(10.0, $0) }",
    ] {
      XCTAssertTrue(rxswift.stdout.contains(line), "\(line)\n\(rxswift.stdout)")
    }
    // Of Doubles, `*` is Swift's own; by a literal other than 0, so is `/`.
    let doubles = try exportRun("combine", #"weather "Oslo" | map { .temp * 2.0 / 4 } | show"#)
    XCTAssertTrue(doubles.stdout.contains(".map { ($0.temp * 2.0) / 4 }"), doubles.stdout)
    XCTAssertFalse(doubles.stdout.contains("func pipe"), doubles.stdout)
  }
}
