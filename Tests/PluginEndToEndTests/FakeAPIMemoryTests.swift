import Foundation
import PipeProcessSupport
import XCTest

/// `pipe fake-api` under load gives its memory back: rounds of requests over many keep-alive
/// connections leave its resident memory where the first round left it.
final class FakeAPIMemoryTests: XCTestCase {
  func testMemoryStaysFlatOverRoundsOfRequests() throws {
    let server = try Spawned(["fake-api", "--port", "0"], environment: try Sandbox(self).environment)
    defer { _ = server.wait(timeout: 10) }
    XCTAssertTrue(server.waitForOutput("Requests:"), server.stdout + server.stderr)
    let port = try XCTUnwrap(server.stdout.firstMatch(of: /127\.0\.0\.1:(\d+)/).flatMap { UInt16($0.1) })
    let load = Load(port: port, connections: 50, requestsEach: 50)

    try load.run()
    let settled = try residentKB(server.pid)
    for _ in 1...3 { try load.run() }
    let grown = try residentKB(server.pid) - settled
    XCTAssertLessThan(grown, 3_000, "3 rounds of \(load.total) requests grew it by \(grown) kB")
    server.send("q")
  }

  /// `VmRSS` of a process, in kB.
  private func residentKB(_ pid: Int32) throws -> Int {
    let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
    let line = try XCTUnwrap(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
    return try XCTUnwrap(line.split(separator: " ").compactMap { Int($0) }.first)
  }
}
