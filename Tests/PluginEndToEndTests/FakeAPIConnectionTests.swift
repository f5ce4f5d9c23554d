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
}
