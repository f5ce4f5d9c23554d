import Foundation
import HTTPTypes
import HummingbirdCore
import Logging
import NIOCore
import NIOPosix
import Synchronization

/// The fake API over HummingbirdCore (SwiftNIO): HTTP/1.1 on the event loops NIO shares across the
/// process, one child task per connection.
///
/// What connections hold is bounded, so that no client starves the others: one idle between
/// requests, or slow to send its request head, for `idleSeconds` is closed (a request being
/// answered is not idle: a hung one keeps its connection for its whole hang, which is bounded);
/// one client address has at most `ConnectionsPerAddress.maximum` open (more are closed at
/// once); and no more than `maximumConnections` are open at once (the rest wait in the listen
/// queue). An answered request leaves nothing behind: no timer outlives it.
final class HummingbirdTransport: FakeAPITransport {
  /// More than a room of clients needs; each open connection costs some kilobytes.
  static let maximumConnections = 1024
  /// Connections the kernel may queue before they are accepted (a burst is accepted, and its
  /// excess closed, quickly; a full queue would drop other clients' connections for a second).
  static let backlog = 4096

  private let host: String
  private let port: UInt16
  private let idleTimeout: TimeAmount
  private let handler: FakeAPIHandler
  private let perAddress: ConnectionsPerAddress
  private let runner = RunTask()
  private let hangs = Hangs()
  /// The running server, for its graceful shutdown.
  private let server = Mutex<Server<LimitedChildChannel<HTTP1Channel>>?>(nil)

  init(
    host: String, port: UInt16, idleSeconds: Double, handler: FakeAPIHandler,
    log: @escaping @Sendable (String) -> Void
  ) {
    self.host = host
    self.port = port
    self.idleTimeout = .nanoseconds(Int64(idleSeconds * 1e9))
    self.handler = handler
    perAddress = ConnectionsPerAddress(log: log)
  }

  func start() async throws -> UInt16 {
    let handler = handler
    let perAddress = perAddress
    let (ready, readySignal) = AsyncStream.makeStream(of: Result<UInt16, any Error>.self)
    let idleTimeout = idleTimeout
    let hangs = hangs
    let server = Server(
      childChannelSetup: LimitedChildChannel(
        inner: HTTP1Channel(
          responder: { request, writer, channel in
            try await Self.respond(
              to: request, writer: writer, channel: channel, handler: handler, hangs: hangs)
          }, configuration: .init(idleTimeout: idleTimeout)),
        limit: perAddress),
      configuration: ServerConfiguration(
        address: .hostname(host, port: Int(port)), backlog: Self.backlog,
        availableConnectionsDelegate: MaximumAvailableConnections(Self.maximumConnections)),
      onServerRunning: { channel in
        readySignal.yield(.success(UInt16(channel.localAddress?.port ?? 0)))
      },
      eventLoopGroup: MultiThreadedEventLoopGroup.singleton,
      logger: Logger(label: "fake-api", factory: { _ in SwiftLogNoOpLogHandler() }))
    self.server.withLock { $0 = server }
    runner.start {
      do {
        try await server.run()
      } catch {
        readySignal.yield(.failure(Self.explained(error)))
        throw error
      }
    }
    for await outcome in ready { return try outcome.get() }
    throw CancellationError()
  }

  /// Stops listening and drops every connection, hung ones included.
  ///
  /// A graceful shutdown first: it closes the listening socket and hands every connection
  /// already accepted to its handler, which closes it when idle or when its request is
  /// answered; a hang is cut short (its connection closed, no answer). Cancelling the server at
  /// once instead could drop a connection accepted but not yet handed over, and NIO traps on
  /// that ("Deinited NIOAsyncWriter without calling finish()"): a client that connected just
  /// before a SIGTERM crashed `pipe fake-api`. What is still open after
  /// `gracefulShutdownSeconds` (a client sending its request slowly) is then cancelled.
  func stop() async {
    hangs.stop()
    if let server = server.withLock({ $0 }) {
      await Self.first(
        { try? await server.shutdownGracefully() },
        { try? await Task.sleep(nanoseconds: UInt64(Self.gracefulShutdownSeconds * 1e9)) })
    }
    await runner.stop()
  }

  /// Longer than any request still being answered needs once hangs are cut short.
  static let gracefulShutdownSeconds = 3.0

  /// Waits for whichever of `one` and `other` ends first; the other is cancelled.
  private static func first(
    _ one: @escaping @Sendable () async -> Void, _ other: @escaping @Sendable () async -> Void
  ) async {
    let (ended, end) = AsyncStream.makeStream(of: Void.self)
    let tasks = [one, other].map { work in
      Task {
        await work()
        end.yield()
      }
    }
    for await _ in ended { break }
    for task in tasks { task.cancel() }
  }

  /// `FakeAPIServer.PortInUse` for a bind that failed with EADDRINUSE; any other error as it is.
  private static func explained(_ error: any Error) -> any Error {
    if let error = error as? IOError, error.errnoCode == EADDRINUSE { return FakeAPIServer.PortInUse() }
    return error
  }

  private static func respond(
    to request: Request, writer: consuming ResponseWriter, channel: any Channel, handler: FakeAPIHandler,
    hangs: Hangs
  ) async throws {
    var request = request
    let body: ByteBuffer
    do {
      body = try await request.collectBody(upTo: FakeAPIRequest.maximumBody)
    } catch is NIOTooManyBytesError {
      try await writer.writeResponse(
        HTTPResponse(status: .contentTooLarge, headerFields: [.contentLength: "0", .connection: "close"]))
      return
    }
    var headers = request.headers.map { (name: $0.name.canonicalName, value: $0.value) }
    if let authority = request.head.authority { headers.append(("host", authority)) }
    let reply = await handler.reply(
      to: FakeAPIRequest(
        method: request.method.rawValue, target: request.uri.string, headers: headers,
        body: Data(body.readableBytesView), client: channel.remoteAddress?.ipAddress ?? "?"))
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
      guard await hangs.hang(seconds: seconds) else { throw Dropped() }
      try await writer.writeResponse(
        HTTPResponse(status: .gatewayTimeout, headerFields: [.contentLength: "0"]))
    case .drop:
      let head = HTTPResponse(
        status: .ok, headerFields: [.contentLength: String(FakeAPIReply.droppedBodyLength)])
      _ = try await writer.writeHead(head)
      throw Dropped()
    case .stream(let headers, let pieces):
      var fields = HTTPFields()
      for header in headers {
        if let name = HTTPField.Name(header.name) { fields[name] = header.value }
      }
      var body = try await writer.writeHead(HTTPResponse(status: .ok, headerFields: fields))
      for await piece in pieces {
        try await body.write(ByteBuffer(bytes: piece))
      }
      try await body.finish(nil)
    }
  }

  /// Thrown after a `drop`'s head, so the server closes the connection before the body (and
  /// for a hang cut short by `stop()`, so its connection is closed without an answer).
  struct Dropped: Error {}
}

/// The requests hanging now, so that stopping the server cuts them short.
final class Hangs: Sendable {
  private struct State {
    var stopped = false
    var next = 0
    var sleeping: [Int: Task<Void, any Error>] = [:]
  }
  private let state = Mutex(State())

  /// Waits `seconds`; false when the server stopped first (or had stopped).
  func hang(seconds: Double) async -> Bool {
    let sleep = Task { try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000)) }
    let key = state.withLock { state -> Int? in
      guard !state.stopped else { return nil }
      state.next += 1
      state.sleeping[state.next] = sleep
      return state.next
    }
    guard let key else {
      sleep.cancel()
      return false
    }
    defer { _ = state.withLock { $0.sleeping.removeValue(forKey: key) } }
    let slept = await withTaskCancellationHandler {
      (try? await sleep.value) != nil
    } onCancel: {
      sleep.cancel()
    }
    return slept && !state.withLock { $0.stopped }
  }

  /// Cuts every hang short, and any that starts from now on.
  func stop() {
    let sleeping = state.withLock { state in
      state.stopped = true
      return Array(state.sleeping.values)
    }
    for task in sleeping { task.cancel() }
  }
}
