import FakeAPI
import Foundation
import PluginProtocol
import SourceCore

/// Runs `pipe fake-api` in a terminal: starts the server, prints how to use it and a line per
/// request, and takes keys that switch the faults, until `q`, Ctrl-C or SIGTERM.
final class FakeAPIConsole: Sendable {
  private let server: FakeAPIServer
  private let port: UInt16
  private let faults: FakeAPIFaults
  private let seed: UInt64
  private let roomToken: String?
  private let quit = DispatchSemaphore(value: 0)

  /// With `roomToken`, the room's service (`--room`) on every address; else 127.0.0.1 only.
  init(port: UInt16, faults: FakeAPIFaults, seed: UInt64, roomToken: String? = nil) {
    self.port = port
    self.faults = faults
    self.seed = seed
    self.roomToken = roomToken
    // A room's students send no key (`pipe join` keeps theirs at home): it answers without one.
    server = FakeAPIServer(
      port: port, faults: faults, seed: seed, requireKey: roomToken == nil, roomToken: roomToken,
      log: { Console.line(Console.stamped($0)) })
  }

  /// Serves until asked to stop; returns the exit status.
  func run() -> Int32 {
    let server = self.server
    // SIGINT and SIGTERM are caught before the port listens: a client that saw the port open
    // (a script waiting for it, then stopping the server) sent a SIGTERM that killed the
    // console with the signal's default action, before it was watched, and nothing was stopped.
    for number in [SIGINT, SIGTERM] { SignalWatch.watch(number) { [quit] in quit.signal() } }
    let chosen: UInt16
    do {
      chosen = try Blocking.run { try await server.start() }
    } catch is FakeAPIServer.PortInUse {
      Descriptor.write(
        "pipe fake-api: port \(port) is in use: pick another with --port, or --port 0 for any free port\n",
        to: STDERR_FILENO)
      return 1
    } catch {
      Descriptor.write("pipe fake-api: cannot listen on port \(port): \(error)\n", to: STDERR_FILENO)
      return 1
    }
    Console.line(roomToken.map { roomBanner(port: chosen, token: $0) } ?? banner(port: chosen))
    let keys = TerminalKeys()
    let reader = Thread { [self] in readKeys() }
    reader.name = "fake-api keys"
    reader.start()
    quit.wait()
    keys.restore()
    for number in [SIGINT, SIGTERM] { SignalWatch.ignore(number) }
    Blocking.run { await server.stop() }
    Console.line("fake-api: stopped")
    return 0
  }

  private func banner(port: UInt16) -> String {
    let url = "http://127.0.0.1:\(port)"
    return """
      pipe fake-api: OpenWeatherMap and AirVisual, simulated, on \(url)
        faults: \(Console.describe(faults))   seed: \(seed)

      Point pipe at it (at its prompt, or at the top of a script):
        set weather.mode live; set weather.baseURL "\(url)"
        set airquality.mode live; set airquality.baseURL "\(url)"

      Keys (no Enter needed):
      \(FaultKey.menu())
      Or over HTTP (more in pipe fake-api --help):
        curl -X POST '\(url)/_control/faults?weather=500,500,ok&airquality=none'

      Requests:
      """
  }

  private func roomBanner(port: UInt16, token: String) -> String {
    let addresses = NetworkAddresses.ipv4()
    let joins = addresses.map { "    pipe join http://\($0):\(port) --name NAME" }.joined(separator: "\n")
    let teacher = addresses.first { $0 != "127.0.0.1" } ?? "127.0.0.1"
    return """
      pipe fake-api: the room's service, on every address of this machine, port \(port)
        faults: \(Console.describe(faults))   seed: \(seed)

      Students join with (one line per address of this machine; pick the room's network):
      \(joins)

      The teacher's page (keep the link to yourself: it holds the token):
        http://\(teacher):\(port)/_room?token=\(token)
        token: \(token)

      Keys (no Enter needed):
      \(FaultKey.menu())
      Or over HTTP, with the token (more in pipe fake-api --help):
        curl -X POST -H 'Authorization: Bearer \(token)' 'http://127.0.0.1:\(port)/_control/faults?weather=500,500,ok'

      Requests:
      """
  }

  /// Reads keys from standard input until it ends (then the server goes on until a signal).
  private func readKeys() {
    var byte: UInt8 = 0
    while true {
      let count = read(STDIN_FILENO, &byte, 1)
      if count < 0, errno == EINTR { continue }
      guard count == 1 else { return }
      guard let scalar = Unicode.Scalar(UInt32(byte)) as Unicode.Scalar?,
        !" \n\r\t".unicodeScalars.contains(scalar)
      else { continue }
      guard let key = FaultKey.find(Character(scalar)) else {
        Console.line("unknown key '\(Character(scalar))': press ? for the keys")
        continue
      }
      if case .quit = key.action {
        quit.signal()
        return
      }
      perform(key.action)
    }
  }

  private func perform(_ action: FaultKey.Action) {
    let server = self.server
    switch action {
    case .faults(let plans):
      Blocking.run { await server.setFaults(plans) }
      let status = Blocking.run { await server.status() }
      Console.line("faults: \(Console.describe(status)) (their attempts count from 1)")
    case .resetAttempts:
      Blocking.run { await server.resetAttempts() }
      Console.line("attempts restart at 1")
    case .status:
      if let summary = server.roomSummary() { Console.line("room: \(summary)") }
      let status = Blocking.run { await server.status() }
      for (service, plan, requests) in status {
        let name = service.rawValue.padding(toLength: 11, withPad: " ", startingAt: 0)
        Console.line("\(name) faults \(Console.describe(plan)), \(requests) request(s) since they were set")
      }
    case .menu: Console.line(FaultKey.menu())
    case .quit: quit.signal()
    }
  }
}
