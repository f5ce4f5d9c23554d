import Foundation
import HTTPTypes
import HummingbirdCore
import Logging
import NIOCore
import NIOPosix

/// The fake API over HummingbirdCore (SwiftNIO): HTTP/1.1 on the event loops NIO shares across the
/// process, one child task per connection.
///
/// What connections hold is bounded: one idle between requests for `idleSeconds` is closed (a
/// hung request is not idle: it keeps its connection for its whole hang), and no more than
/// `maximumConnections` are open at once (the rest wait in the listen queue). An answered request
/// leaves nothing behind: no timer outlives it.
final class HummingbirdTransport: FakeAPITransport {
  /// More than a room of clients needs; each open connection costs some kilobytes.
  static let maximumConnections = 1024

  private let port: UInt16
  private let idleTimeout: TimeAmount
  private let handler: FakeAPIHandler
  private let runner = RunTask()

  init(port: UInt16, idleSeconds: Double, handler: FakeAPIHandler) {
    self.port = port
    self.idleTimeout = .nanoseconds(Int64(idleSeconds * 1e9))
    self.handler = handler
  }

  func start() async throws -> UInt16 {
    let handler = handler
    let (ready, readySignal) = AsyncStream.makeStream(of: Result<UInt16, any Error>.self)
    let server = try HTTPServerBuilder.http1(configuration: .init(idleTimeout: idleTimeout)).buildServer(
      configuration: ServerConfiguration(
        address: .hostname("127.0.0.1", port: Int(port)),
        availableConnectionsDelegate: MaximumAvailableConnections(Self.maximumConnections)),
      eventLoopGroup: MultiThreadedEventLoopGroup.singleton,
      logger: Logger(label: "fake-api", factory: { _ in SwiftLogNoOpLogHandler() }),
      responder: { request, writer, _ in try await Self.respond(to: request, writer: writer, handler: handler)
      },
      onServerRunning: { channel in
        readySignal.yield(.success(UInt16(channel.localAddress?.port ?? 0)))
      })
    runner.start {
      do {
        try await server.run()
      } catch {
        readySignal.yield(.failure(error))
        throw error
      }
    }
    for await outcome in ready { return try outcome.get() }
    throw CancellationError()
  }

  func stop() async {
    await runner.stop()
  }

  private static func respond(
    to request: Request, writer: consuming ResponseWriter, handler: FakeAPIHandler
  ) async throws {
    let reply = await handler.reply(
      to: FakeAPIRequest(method: request.method.rawValue, target: request.uri.string))
    switch reply {
    case .answer(let status, let headers, let body):
      var fields = HTTPFields()
      for header in headers {
        if let name = HTTPField.Name(header.name) { fields[name] = header.value }
      }
      fields[.contentLength] = String(body.count)
      try await writer.write(
        response: HTTPResponse(status: .init(code: status), headerFields: fields),
        body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    case .hang(let seconds):
      try? await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
      try await writer.writeResponse(
        HTTPResponse(status: .gatewayTimeout, headerFields: [.contentLength: "0"]))
    case .drop:
      let head = HTTPResponse(
        status: .ok, headerFields: [.contentLength: String(FakeAPIReply.droppedBodyLength)])
      _ = try await writer.writeHead(head)
      throw Dropped()
    }
  }

  /// Thrown after a `drop`'s head, so the server closes the connection before the body.
  struct Dropped: Error {}
}
