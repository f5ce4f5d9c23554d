import FakeAPI
import Foundation
import XCTest

/// What the fake API does with the connections a class leaves open: it closes the idle ones, and
/// never a hung one before its hang is over.
final class FakeAPIConnectionTests: XCTestCase {
  func testAnIdleConnectionIsClosedButAHungRequestIsAnsweredAfterItsHang() async throws {
    let server = FakeAPIServer(hangSeconds: 2, idleSeconds: 1, log: { _ in })
    let port = try await server.start()
    let idle = try RawHTTPConnection(port: port)
    XCTAssertEqual(try idle.get("/data/2.5/weather?q=London&appid=k"), 200)
    XCTAssertTrue(idle.isClosed(within: 5), "an idle keep-alive connection is closed")

    await server.setFaults([.weather: .sequence([.timeout, .ok])])
    let hung = try RawHTTPConnection(port: port)
    let asked = Date()
    XCTAssertEqual(try hung.get("/data/2.5/weather?q=London&appid=k"), 504, "the hang outlived the idle time")
    XCTAssertGreaterThan(Date().timeIntervalSince(asked), 1.5)
    XCTAssertEqual(try hung.get("/data/2.5/weather?q=London&appid=k"), 200)
    await server.stop()
  }

  /// Stopping the server drops a hung request's connection, unanswered (a graceful shutdown
  /// would otherwise wait for the hang, or answer it).
  func testStoppingCutsAHangShortWithoutAnAnswer() async throws {
    let server = FakeAPIServer(hangSeconds: 600, log: { _ in })
    let port = try await server.start()
    await server.setFaults([.weather: .sequence([.timeout])])
    let hung = try RawHTTPConnection(port: port)
    try hung.send("/data/2.5/weather?q=London&appid=k")
    var arrived = false
    for _ in 0..<1000 where !arrived {
      arrived = await server.status().first { $0.service == .weather }?.requests == 1
      if !arrived { try await Task.sleep(nanoseconds: 10_000_000) }
    }
    XCTAssertTrue(arrived, "the request reached the server, which hangs it")
    XCTAssertFalse(hung.isClosed(within: 0.2))
    await server.stop()
    XCTAssertTrue(hung.closedUnanswered(within: 10))
  }
}
