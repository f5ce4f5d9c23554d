import Foundation
import PipeProcessSupport

/// One keep-alive HTTP/1.1 connection to 127.0.0.1 over a plain socket, so that a test sees
/// exactly what the server does with it: when it answers, and when it hangs up.
final class RawHTTPConnection {
  private let socket: Int32

  struct Failed: Error, CustomStringConvertible {
    let description: String
  }

  init(port: UInt16) throws {
    socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      close(socket)
      throw Failed(description: "cannot connect: errno \(errno)")
    }
  }

  deinit { close(socket) }

  /// Sends `GET path` and returns the status of the answer, once all of its body is in.
  func get(_ path: String) throws -> Int {
    try send(path)
    return try readResponse()
  }

  /// Sends `GET path` and does not wait for the answer.
  func send(_ path: String) throws {
    let request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
    guard Glibc.send(socket, request, request.utf8.count, 0) == request.utf8.count else {
      throw Failed(description: "cannot send: errno \(errno)")
    }
  }

  /// Whether any byte of an answer came before the server closed the connection.
  func closedUnanswered(within seconds: Double) -> Bool { endsFirst(within: seconds, flags: 0) }

  /// Whether, within `seconds`, the first thing to read is the end of the connection.
  private func endsFirst(within seconds: Double, flags: Int32) -> Bool {
    var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, Int32(seconds * 1000)) == 1 else { return false }
    var byte: UInt8 = 0
    return recv(socket, &byte, 1, flags) == 0
  }

  /// Whether the server closes the connection within `seconds` (true), or keeps it open.
  func isClosed(within seconds: Double) -> Bool { endsFirst(within: seconds, flags: Int32(MSG_PEEK)) }

  /// Reads one response: its head, then as many body bytes as its Content-Length says.
  private func readResponse() throws -> Int {
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    var expected: Int?
    var status = 0
    while expected.map({ received.count < $0 }) ?? true {
      let count = recv(socket, &buffer, buffer.count, 0)
      guard count > 0 else { throw Failed(description: "connection closed mid-response") }
      received += buffer[0..<count]
      if expected == nil, let end = received.firstRange(of: Array("\r\n\r\n".utf8)) {
        let head = String(decoding: received[..<end.lowerBound], as: UTF8.self).lowercased()
        guard let code = head.firstMatch(of: /^http\/1.1 (\d+)/),
          let length = head.firstMatch(of: /content-length: *(\d+)/)
        else {
          throw Failed(description: "unexpected answer: \(head)")
        }
        status = Int(code.1)!
        expected = end.upperBound + Int(length.1)!
      }
    }
    return status
  }
}

/// Requests to the fake API over raw keep-alive connections, all at once (a thread each), each
/// connection sending its next request when the last answer is in.
struct Load {
  let port: UInt16
  let connections: Int
  let requestsEach: Int

  var total: Int { connections * requestsEach }

  func run() throws {
    let failures = Collected<String>()
    let done = DispatchGroup()
    for index in 0..<connections {
      done.enter()
      Thread {
        do { try connection(index) } catch { failures.append("\(error)") }
        done.leave()
      }.start()
    }
    done.wait()
    if let first = failures.all.first { throw RawHTTPConnection.Failed(description: first) }
  }

  private func connection(_ index: Int) throws {
    let connection = try RawHTTPConnection(port: port)
    let paths = ["/data/2.5/weather?q=London&appid=k", "/v2/nearest_city?lat=48.8&lon=2.3&key=k"]
    for number in 0..<requestsEach {
      let status = try connection.get(paths[(index + number) % 2])
      guard status == 200 else { throw RawHTTPConnection.Failed(description: "answered \(status)") }
    }
  }
}
