import AirQualityCore
import JSON
import Operators
import SourceCore
import SplitMix
import WeatherCore

/// How much a shared simulated service takes before it fails (`clients … outage 10s capacity
/// 200`): down from the run's start until `outageEnd`, and past `capacity` attempts in one
/// second (of the run's clock) it answers 503 with `Retry-After: 1`.
public struct ServiceLoadLimits: Equatable, Sendable {
  public var outageEnd: Time = .zero
  public var capacity: Int?
  /// How long a slow answer takes, and the share of served attempts answered that slowly
  /// (`slow 5s slowShare 0.05`; `FleetServices.slowAnswer`).
  public var slow: Time?
  public var slowShare = 0.0

  public init(outageEnd: Time = .zero, capacity: Int? = nil) {
    self.outageEnd = outageEnd
    self.capacity = capacity
  }
}

/// The services one `clients` run shares among its copies: one simulated weather service and
/// one air-quality service, run in process from the simulators' cores, each counting the
/// attempts that reach it second by second (first tries apart from retries).
final class FleetServices {
  /// What one service saw, second by second from the run's start.
  struct Load {
    var firstTries: [Int] = []
    var retries: [Int] = []
    var attempts: Int { firstTries.reduce(0, +) + retries.reduce(0, +) }

    mutating func count(second: Int, retry: Bool) {
      if firstTries.count <= second {
        firstTries += Array(repeating: 0, count: second + 1 - firstTries.count)
        retries += Array(repeating: 0, count: second + 1 - retries.count)
      }
      if retry { retries[second] += 1 } else { firstTries[second] += 1 }
    }

    func inSecond(_ second: Int) -> Int {
      second < firstTries.count ? firstTries[second] + retries[second] : 0
    }
  }

  /// The sources served in process, with their parameters as their plugins declare them.
  static let sources: [String: ExternalSourceInfo] = [
    "weather": ExternalSourceInfo(
      name: "weather", plugin: "weather",
      doc: "The simulated weather service, shared by the copies of `clients`.",
      parameters: [
        .init(name: "place", type: "any", doc: "a city name, or the latitude when a longitude follows"),
        .init(name: "lon", type: "any", defaultValue: .null, doc: "the longitude, after a latitude"),
      ]),
    "airquality": ExternalSourceInfo(
      name: "airquality", plugin: "airquality",
      doc: "The simulated air-quality service, shared by the copies of `clients`.",
      parameters: [
        .init(name: "place", type: "any", defaultValue: "nearest", doc: "a city, nearest, or a latitude"),
        .init(name: "lon", type: "any", defaultValue: .null, doc: "the longitude, after a latitude"),
      ]),
  ]

  let scheduler: any Scheduler
  let start: Time
  let limits: ServiceLoadLimits
  let settings: Settings
  let seed: UInt64
  private(set) var loads: [String: Load] = [:]

  init(scheduler: any Scheduler, limits: ServiceLoadLimits, settings: Settings, seed: UInt64) {
    self.scheduler = scheduler
    self.start = scheduler.now
    self.limits = limits
    self.settings = settings
    self.seed = seed
  }

  /// Every attempt that reached a service.
  var attempts: Int { loads.values.reduce(0) { $0 + $1.attempts } }

  /// The most attempts that reached one service in one second.
  var peak: Int {
    loads.values.map { load in (0..<load.firstTries.count).map(load.inSecond).max() ?? 0 }.max() ?? 0
  }

  /// The attempts refused for capacity.
  private(set) var refused = 0

  /// The most attempts that reached one service in one second once its outage was over: the
  /// herd that meets it when it comes back.
  var peakAfterOutage: Int {
    let first = Int((limits.outageEnd.nanoseconds + 999_999_999) / 1_000_000_000)
    return loads.values.map { load in
      (first..<max(first, load.firstTries.count)).map(load.inSecond).max() ?? 0
    }.max() ?? 0
  }

  /// The most retries that reached one service in one second: a herd of synchronised retries.
  var retryPeak: Int { loads.values.map { $0.retries.max() ?? 0 }.max() ?? 0 }

  /// First tries and retries per second, summed over the services.
  var perSecond: (firstTries: [Int], retries: [Int]) {
    let seconds = loads.values.map(\.firstTries.count).max() ?? 0
    var first = Array(repeating: 0, count: seconds)
    var retries = first
    for load in loads.values {
      for second in load.firstTries.indices {
        first[second] += load.firstTries[second]
        retries[second] += load.retries[second]
      }
    }
    return (first, retries)
  }

  /// One attempt of client `client` at `source`: counted where it arrives, answered after the
  /// simulated latency.
  func observe(source: String, arguments: [(name: String, value: Value)], attempt: Int, client: Int)
    -> Observable<Value>
  {
    Observable(unsafe: { observer in
      let (result, afterMs) = self.answer(source, arguments, attempt: attempt, client: client)
      return self.scheduler.schedule(after: .milliseconds(Int64(afterMs))) {
        switch result {
        case .success(let value):
          observer.on(.next(value))
          observer.on(.completed)
        case .failure(let error): observer.on(.error(error))
        }
      }
    })
  }

  private func answer(
    _ source: String, _ arguments: [(name: String, value: Value)], attempt: Int, client: Int
  )
    -> (Result<Value, PipeError>, afterMs: Int)
  {
    let elapsed = scheduler.now - start
    let second = Int(elapsed.nanoseconds / 1_000_000_000)
    loads[source, default: Load()].count(second: second, retry: attempt > 1)
    var latency = SeededRandom(seed: seed, salts: ["fleet latency", client, attempt])
    let afterMs = latency.int(in: 200...400)
    if elapsed < limits.outageEnd {
      return (
        .failure(Self.error(SourceError(.serverFailure, "the service is down (an outage)", status: 503))),
        afterMs
      )
    }
    if let capacity = limits.capacity, loads[source]!.inSecond(second) > capacity {
      refused += 1
      let refusal = SourceError(
        .serverFailure, "over capacity (\(capacity) requests/s)", status: 503, retryAfterMs: 1000)
      return (.failure(Self.error(refusal)), afterMs)
    }
    let reply = simulate(source, arguments, attempt: attempt, client: client)
    let result = reply.result.map { Value($0) }.mapError(Self.error)
    if reply.afterMs == 0 || reply.error?.kind == .timeout { return (result, reply.afterMs) }
    return (result, slowAnswer(client: client, attempt: attempt) ?? afterMs)
  }

  /// The simulator's reply to one attempt: the `*.faults` plan walks each client's own attempts,
  /// a rate drawn per client.
  private func simulate(
    _ source: String, _ arguments: [(name: String, value: Value)], attempt: Int, client: Int
  )
    -> SourceReply<JSONValue>
  {
    var service = ServiceSettings(baseURL: "")
    service.seed = seed
    let place = arguments.first { $0.name == "place" }?.value ?? (source == "airquality" ? "nearest" : .null)
    let lon = arguments.first { $0.name == "lon" }?.value ?? .null
    let faults: FaultPlan
    do {
      faults = try FaultPlan(parsing: settings["\(source).faults"].string ?? "")
      if case .double(let seconds) = settings["\(source).timeout"] { service.timeoutSeconds = seconds }
      if case .int(let seconds) = settings["\(source).timeout"] { service.timeoutSeconds = Double(seconds) }
    } catch {
      return .failure(error)
    }
    let salt = "\(source) \(place.show) client \(client)"
    service.faults = .sequence([faults.step(attempt: attempt, seed: seed, salt: salt)])
    switch (source, place, lon) {
    case ("weather", .string(let city), .null):
      return WeatherService(settings: service).simulate(.city(city), attempt: 1).map(\.json)
    case ("weather", _, _):
      guard let lat = place.number, let lon = lon.number else { return .failure(Self.badPlace(source)) }
      return WeatherService(settings: service).simulate(.coordinates(lat: lat, lon: lon), attempt: 1).map(
        \.json)
    case (_, .string(let city), .null):
      let query: AirQualityQuery = city.lowercased() == "nearest" ? .nearest : .city(city)
      return AirQualityService(settings: service).simulate(query, attempt: 1).map(\.json)
    default:
      guard let lat = place.number, let lon = lon.number else { return .failure(Self.badPlace(source)) }
      return AirQualityService(settings: service).simulate(.coordinates(lat: lat, lon: lon), attempt: 1)
        .map(\.json)
    }
  }

  private static func badPlace(_ source: String) -> SourceError {
    SourceError(.invalidArgument, "\(source): give a city name, or a latitude and a longitude")
  }

  /// A simulator's error as the language's, as a plugin's error arrives.
  static func error(_ error: SourceError) -> PipeError {
    PipeError(
      kind: error.kind.rawValue, message: error.message, status: error.status,
      retryAfter: error.retryAfterMs.map { .milliseconds(Int64($0)) })
  }
}

extension SourceReply {
  fileprivate func map<Other>(_ transform: (Value) -> Other) -> SourceReply<Other> {
    SourceReply<Other>(result.map(transform), afterMs: afterMs)
  }
}

/// One copy of a `clients` run as its stages see it (`Env.fleet`): the shared services, and
/// the copy's number, which salts its faults and latencies.
public struct FleetClient {
  let services: FleetServices
  let index: Int
  /// The copy's own seed, drawn from the run's: its jitter and chaos are its own.
  let seed: UInt64

  init(services: FleetServices, index: Int) {
    self.services = services
    self.index = index
    var random = SeededRandom(seed: services.seed, salts: ["client", index])
    seed = random.next()
  }

  func observe(source: String, arguments: [(name: String, value: Value)], attempt: Int) -> Observable<Value>?
  {
    guard FleetServices.sources[source] != nil else { return nil }
    return services.observe(source: source, arguments: arguments, attempt: attempt, client: index)
  }
}
