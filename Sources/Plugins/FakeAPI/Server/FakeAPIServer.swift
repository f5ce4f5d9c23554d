import FlyingFox
import FlyingSocks
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
  private let server: HTTPServer
  private let state: FakeAPIState
  private let runner = RunTask()

  /// - Parameters:
  ///   - port: the port to listen on; 0 lets the system choose one (`start()` says which).
  ///   - seed: the simulators' seed.
  ///   - requireKey: answer an empty key with the services' invalid-key errors.
  ///   - hangSeconds: how long a `timeout` fault keeps the client waiting.
  ///   - log: where the request log goes; standard error by default.
  public init(
    port: UInt16 = 0, faults: FakeAPIFaults = FakeAPIFaults(), seed: UInt64 = 42,
    requireKey: Bool = true, hangSeconds: Double = 30,
    log: @escaping @Sendable (String) -> Void = FakeAPIServer.logToStandardError
  ) {
    state = FakeAPIState(faults: faults, seed: seed, requireKey: requireKey)
    // A literal IPv4 address always parses.
    let address = try! sockaddr_in.inet(ip4: "127.0.0.1", port: port)
    server = HTTPServer(address: address, timeout: hangSeconds + 15, logger: .disabled)
    let routes = FakeAPIRoutes(
      state: state, seed: seed, requireKey: requireKey, hangSeconds: hangSeconds, log: log)
    let control = FakeAPIControl(state: state, log: log)
    let server = server
    runner.prepare = {
      await server.appendRoute("GET /data/2.5/weather", handler: routes.weather)
      await server.appendRoute("GET /v2/city", handler: routes.airQuality)
      await server.appendRoute("GET /v2/nearest_city", handler: routes.airQuality)
      await server.appendRoute("GET /_control", handler: control.status)
      await server.appendRoute("POST /_control/faults", handler: control.setFaults)
      await server.appendRoute("POST /_control/reset", handler: control.reset)
      await server.appendRoute("*", handler: control.unknown)
    }
  }

  /// Starts listening and returns the port.
  public func start() async throws -> UInt16 {
    try await runner.start(server)
    guard case .ip4(_, let port) = await server.listeningAddress else {
      throw SocketError.unsupportedAddress
    }
    return port
  }

  /// Stops listening and drops every connection, hung ones included.
  public func stop() async {
    await runner.stop()
  }

  /// Replaces the plans given, as `POST /_control/faults` does.
  public func setFaults(_ plans: [FakeAPIService: FaultPlan]) async {
    await state.setFaults(plans)
  }

  /// Restarts every service's attempt count, as `POST /_control/reset` does.
  public func resetAttempts() async {
    await state.reset()
  }

  /// Each service's faults, and how many requests it has had since they were set.
  public func status() async -> [(service: FakeAPIService, faults: FaultPlan, requests: Int)] {
    await state.status()
  }

  public static let logToStandardError: @Sendable (String) -> Void = { line in
    FileHandle.standardError.write(Data("fake-api: \(line)\n".utf8))
  }
}
