import ArgumentParser
import FakeAPI
import SourceCore

/// `pipe fake-api`: the weather and air-quality web APIs on this machine, faults on demand.
struct FakeAPICommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "fake-api",
    abstract:
      "Serve fake OpenWeatherMap and AirVisual APIs on 127.0.0.1 (--room: to a workshop), with faults you switch.",
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

      A workshop's room (--room): it listens on every address of this machine,
      not only 127.0.0.1, and prints the line students type to join
      (pipe join http://ADDRESS:PORT --name NAME) and the teacher's link,
      http://ADDRESS:PORT/_room?token=T: a live page of the class, one row per
      student, one column per exercise (not started, failing with its tries,
      passed), hints used, and who is stuck (3 failed tries, or 10 minutes on
      one exercise without passing; the longest stuck first). A click on a
      failing cell shows the student's last failing expectation and diagram.
      Students report with POST /_room/report (no token); everything else of the
      room, and control, needs the token: ?token=T or Authorization: Bearer T.
      The weather and air-quality APIs answer a room's requests without an API
      key: a student who joined sends none (their own key stays at home).
        pipe fake-api --room                  a random token, printed
        pipe fake-api --room --token T        your own token
        curl -X POST -H 'Authorization: Bearer T' 'http://ADDRESS:PORT/_control/reset'

      With --room, a control or teacher's request without the token gets 401.
      Without --room, control is open to this machine's programs (127.0.0.1 only),
      as the keys are. In both modes a request from a web page of another origin
      (an Origin header that is not the server's) is refused with 403, and the
      log names the address of every control call. Limits: 64 connections per
      client address (more are closed at once), 5 s to send a request or to
      make the next one on a kept-alive connection, and a timeout fault's
      request ends after 10 s (with a 504).

      q or Ctrl-C stops it.
      """)

  @Option(help: "The port to listen on (0: any free port).")
  var port: UInt16 = 8080

  @Flag(
    help:
      "Serve a workshop's room: listen on every address, take students' reports, serve the teacher's page.")
  var room = false

  @Option(help: ArgumentHelp("The room's token (with --room; a random one without it).", valueName: "T"))
  var token: String?

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
    if let token {
      guard room else {
        throw ValidationError("--token needs --room (without it, control is open on 127.0.0.1)")
      }
      guard (8...128).contains(token.count),
        token.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.~".contains($0)) })
      else {
        throw ValidationError("--token must be 8-128 letters, digits, '-', '_', '.' or '~' (it goes in URLs)")
      }
    }
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
    let token = room ? (self.token ?? FakeAPIServer.makeToken()) : nil
    throw ExitCode(FakeAPIConsole(port: port, faults: try faults(), seed: seed, roomToken: token).run())
  }
}
