import Foundation
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

/// Requests to the fake API over raw keep-alive connections, all at once (a thread each), each
/// connection sending its next request when the last answer is in.
struct Load {
  let port: UInt16
  let connections: Int
  let requestsEach: Int

  var total: Int { connections * requestsEach }

  struct Failed: Error, CustomStringConvertible {
    let description: String
  }

  func run() throws {
    let failures = LockedList()
    let done = DispatchGroup()
    for index in 0..<connections {
      done.enter()
      Thread {
        do { try connection(index) } catch { failures.append("\(error)") }
        done.leave()
      }.start()
    }
    done.wait()
    if let first = failures.items.first { throw Failed(description: first) }
  }

  private func connection(_ index: Int) throws {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { throw Failed(description: "cannot connect: errno \(errno)") }
    let paths = ["/data/2.5/weather?q=London&appid=k", "/v2/nearest_city?lat=48.8&lon=2.3&key=k"]
    for number in 0..<requestsEach {
      let request = "GET \(paths[(index + number) % 2]) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
      guard send(socket, request, request.utf8.count, 0) == request.utf8.count else {
        throw Failed(description: "cannot send: errno \(errno)")
      }
      try readResponse(socket)
    }
  }

  /// Reads one response: its head, then as many body bytes as its Content-Length says.
  private func readResponse(_ socket: Int32) throws {
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    var expected: Int?
    while expected.map({ received.count < $0 }) ?? true {
      let count = recv(socket, &buffer, buffer.count, 0)
      guard count > 0 else { throw Failed(description: "connection closed mid-response") }
      received += buffer[0..<count]
      if expected == nil, let end = received.firstRange(of: Array("\r\n\r\n".utf8)) {
        let head = String(decoding: received[..<end.lowerBound], as: UTF8.self).lowercased()
        guard head.hasPrefix("http/1.1 200"), let length = head.firstMatch(of: /content-length: *(\d+)/)
        else {
          throw Failed(description: "unexpected answer: \(head)")
        }
        expected = end.upperBound + Int(length.1)!
      }
    }
  }
}

/// Strings appended from any thread.
final class LockedList: @unchecked Sendable {
  private let lock = NSLock()
  private var list: [String] = []

  var items: [String] { lock.withLock { list } }

  func append(_ item: String) { lock.withLock { list.append(item) } }
}
