import Foundation
import SourceCore

/// `pipe fake-api`: OpenWeatherMap's and AirVisual's APIs on 127.0.0.1, answered by pipe's
/// simulators, with faults that can change while it runs (see `FakeAPIControl`). Each request is
/// logged with its key redacted.
///
///     let server = FakeAPIServer(faults: FakeAPIFaults(weather: .sequence([.status(500), .ok])))
///     let port = try await server.start()
///     // set weather.mode live; set weather.baseURL "http://127.0.0.1:\(port)"
///     await server.stop()
public final class FakeAPIServer: Sendable {
  private let transport: any FakeAPITransport
  private let state: FakeAPIState
  private let room: RoomState?

  /// - Parameters:
  ///   - port: the port to listen on; 0 lets the system choose one (`start()` says which).
  ///   - seed: the simulators' seed.
  ///   - requireKey: answer an empty key with the services' invalid-key errors.
  ///   - hangSeconds: how long a `timeout` fault keeps the client waiting (then a 504).
  ///   - idleSeconds: how long a connection may wait for its next request, or send its head.
  ///   - roomToken: serve the room (`pipe fake-api --room`): listen on every address, take
  ///     students' reports, show the teacher's page, and want this token for control.
  ///   - log: where the request log goes; standard error by default.
  public init(
    port: UInt16 = 0, faults: FakeAPIFaults = FakeAPIFaults(), seed: UInt64 = 42,
    requireKey: Bool = true, hangSeconds: Double = 10, idleSeconds: Double = 5, roomToken: String? = nil,
    log: @escaping @Sendable (String) -> Void = FakeAPIServer.logToStandardError
  ) {
    state = FakeAPIState(faults: faults, seed: seed, requireKey: requireKey)
    room = roomToken.map { _ in RoomState() }
    let routes = FakeAPIRoutes(
      state: state, seed: seed, requireKey: requireKey, hangSeconds: hangSeconds, log: log)
    let handler = FakeAPIHandler(
      routes: routes, control: FakeAPIControl(state: state, log: log),
      room: room.map { RoomRoutes(state: $0, log: log) }, access: FakeAPIAccess(token: roomToken))
    transport = HummingbirdTransport(
      host: roomToken == nil ? "127.0.0.1" : "0.0.0.0", port: port, idleSeconds: idleSeconds,
      handler: handler,
      log: log)
  }

  /// A random token for `roomToken`: 18 bytes from the system's generator, URL-safe.
  public static func makeToken() -> String {
    FakeAPIAccess.makeToken()
  }

  /// `3 students, 5 passed, 1 stuck (ada)`, or nil without a room.
  public func roomSummary() -> String? {
    room?.summary()
  }

  /// Starts listening and returns the port.
  public func start() async throws -> UInt16 {
    try await transport.start()
  }

  /// Stops listening and drops every connection, hung ones included.
  public func stop() async {
    room?.closeWatchers()
    await transport.stop()
  }

  /// Replaces the plans given, as `POST /_control/faults` does.
  public func setFaults(_ plans: [FakeAPIService: FaultPlan]) async {
    state.setFaults(plans)
  }

  /// Restarts every service's attempt count, as `POST /_control/reset` does.
  public func resetAttempts() async {
    state.reset()
  }

  /// Each service's faults, and how many requests it has had since they were set.
  public func status() async -> [(service: FakeAPIService, faults: FaultPlan, requests: Int)] {
    state.status()
  }

  /// `start()` failed: the port is taken by another program.
  public struct PortInUse: Error {}

  public static let logToStandardError: @Sendable (String) -> Void = { line in
    FileHandle.standardError.write(Data("fake-api: \(line)\n".utf8))
  }
}

/// An HTTP server that carries the fake API's requests to its handler.
protocol FakeAPITransport: Sendable {
  /// Starts listening and returns the port.
  func start() async throws -> UInt16
  /// Stops listening and drops every connection.
  func stop() async
}
