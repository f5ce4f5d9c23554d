import FlyingFox
import FlyingSocks
import Foundation

/// The fake API over FlyingFox.
final class FlyingFoxTransport: FakeAPITransport {
  private let server: HTTPServer
  private let handler: FakeAPIHandler
  private let runner = RunTask()

  init(port: UInt16, hangSeconds: Double, handler: FakeAPIHandler) {
    // A literal IPv4 address always parses.
    let address = try! sockaddr_in.inet(ip4: "127.0.0.1", port: port)
    server = HTTPServer(address: address, timeout: hangSeconds + 15, logger: .disabled)
    self.handler = handler
  }

  func start() async throws -> UInt16 {
    let handler = handler
    await server.appendRoute("*") { request in
      let reply = await handler.reply(
        to: FakeAPIRequest(method: request.method.rawValue, target: request.target.rawValue))
      return await Self.response(reply)
    }
    let server = server
    runner.start { try await server.run() }
    try await server.waitUntilListening()
    guard case .ip4(_, let port) = await server.listeningAddress else {
      throw SocketError.unsupportedAddress
    }
    return port
  }

  func stop() async {
    await runner.stop()
  }

  private static func response(_ reply: FakeAPIReply) async -> HTTPResponse {
    switch reply {
    case .answer(let status, let headers, let body):
      var fields = HTTPHeaders()
      for header in headers { fields[HTTPHeader(header.name)] = header.value }
      return HTTPResponse(statusCode: HTTPStatusCode(status, phrase: ""), headers: fields, body: body)
    case .hang(let seconds):
      try? await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
      return HTTPResponse(statusCode: .gatewayTimeout)
    case .drop:
      return HTTPResponse(
        statusCode: .ok, body: HTTPBodySequence(from: BrokenBytes(), count: FakeAPIReply.droppedBodyLength))
    }
  }
}

/// A body that fails on its first read, so the server closes the connection mid-response.
struct BrokenBytes: AsyncBufferedSequence, AsyncBufferedIteratorProtocol, Sendable {
  typealias Element = UInt8

  struct Dropped: Error {}

  func makeAsyncIterator() -> BrokenBytes { self }

  mutating func next() async throws -> UInt8? { throw Dropped() }

  mutating func nextBuffer(suggested count: Int) async throws -> [UInt8]? { throw Dropped() }
}
