import ArgumentParser
import FakeAPI
import SourceCore

/// `pipe fake-api`: the weather and air-quality web APIs on this machine, faults on demand.
struct FakeAPICommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "fake-api",
    abstract:
      "Serve fake OpenWeatherMap and AirVisual APIs on 127.0.0.1, with faults you switch while it runs.",
    discussion: """
      It answers the live requests of the weather and airquality plugins from the
      simulators pipe uses offline, over real HTTP, so a class can watch retry,
      back-off and catch cache cope with a real, flaky service the teacher controls.

      1. Start it:  pipe fake-api    (or: pipe fake-api --weather-faults 500,500,ok)
      2. Point pipe at it, at its prompt or at the top of a script (fake-api
         prints these lines with its own address):
           set weather.mode live; set weather.baseURL "http://127.0.0.1:8080"
           set airquality.mode live; set airquality.baseURL "http://127.0.0.1:8080"
      3. Run:  weather "London" | retryWhen backoff(1, 3, 5, 10) | catch cache | show
      4. Press a key in fake-api's terminal (no Enter needed) to switch faults:
      \(FaultKey.menu(indent: "     "))
         Each request is logged, its API key hidden. Whenever faults change, their
         attempts count from 1 again: 500,500,ok fails the next two requests.

      Fault plans (--weather-faults, --airquality-faults, the control route):
        500,500,ok          request 1 gets 500, request 2 gets 500, later ones are
                            answered (the last step repeats: 503 fails them all)
        rate(0.3)           30% of the requests fail with 503, the same on every run
        rate(0.5, timeout)  half of them meet the step named
        Steps: ok, timeout (no answer), offline (the connection drops), garbage
        (not JSON), or an HTTP status 400-599 (401 invalid key, 404 no such city,
        429 too many requests, 5xx server failure).

      The same control over HTTP, from a script or another terminal:
        curl http://127.0.0.1:8080/_control
        curl -X POST 'http://127.0.0.1:8080/_control/faults?weather=503'
        curl -X POST http://127.0.0.1:8080/_control/reset

      q or Ctrl-C stops it.
      """)

  @Option(help: "The port to listen on, on 127.0.0.1 (0: any free port).")
  var port: UInt16 = 8080

  @Option(help: ArgumentHelp("The weather service's faults at the start.", valueName: "PLAN"))
  var weatherFaults: String = ""

  @Option(help: ArgumentHelp("The air-quality service's faults at the start.", valueName: "PLAN"))
  var airqualityFaults: String = ""

  @Option(help: "The simulators' seed (weather values, rate faults).")
  var seed: UInt64 = 42

  @ParentCommand var pipe: PipeCommand

  mutating func validate() throws {
    try RootOption.refuse(allBut: [.seed], given: pipe, in: "pipe fake-api")
    // `pipe` has a --seed of its own, which takes the word wherever it stands: the seed is there.
    if let given = pipe.options.seed {
      guard let seed = UInt64(exactly: given) else {
        throw ValidationError("--seed must be 0 or more, not \(given)")
      }
      self.seed = seed
    }
    _ = try faults()
  }

  /// The plans given on the command line.
  func faults() throws -> FakeAPIFaults {
    do throws(SourceError) {
      return FakeAPIFaults(
        weather: try FaultPlan(parsing: weatherFaults), airquality: try FaultPlan(parsing: airqualityFaults))
    } catch {
      throw ValidationError(error.message)
    }
  }

  func run() throws {
    throw ExitCode(FakeAPIConsole(port: port, faults: try faults(), seed: seed).run())
  }
}
