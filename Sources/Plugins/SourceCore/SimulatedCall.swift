import Foundation
import SplitMix

/// What a simulated server does with one request.
public enum ServerAction: Sendable {
  /// It answers, as the real service would, with a status and a body.
  case answer(HTTPAnswer)
  /// It never answers (the `timeout` fault): the client gives up after its timeout.
  case hang
  /// It closes the connection without a word (the `offline` fault).
  case drop
}

/// One call to a simulated service, seen from the client: the fault the call meets, its seeded
/// latency, and the reply the live client would have made of the server's action.
///
///     let call = SimulatedCall(settings: settings, attempt: 2, salt: "weather London")
///     call.step        // the fault for attempt 2 under `settings.faults`
///     call.latencyMs   // 200...400, the same on every run
public struct SimulatedCall: Sendable {
  public let settings: ServiceSettings
  public let attempt: Int
  public let salt: String

  public init(settings: ServiceSettings, attempt: Int, salt: String) {
    self.settings = settings
    self.attempt = attempt
    self.salt = salt
  }

  /// The fault this attempt meets under the `*.faults` setting.
  public var step: FaultStep {
    settings.faults.step(attempt: attempt, seed: settings.seed, salt: salt)
  }

  /// The simulated round trip: 200–400 ms, drawn from the seed, the request and the attempt.
  public var latencyMs: Int {
    var rng = SeededRandom(seed: settings.seed, salts: ["latency", salt, attempt])
    return rng.int(in: 200...400)
  }

  /// The reply the client makes of the server's action, decoding an answer exactly as the live
  /// client decodes a real one; `after_ms` is the latency, the timeout, or 0 for a refusal.
  public func reply<Value>(
    to action: ServerAction, decode: (HTTPAnswer) -> Result<Value, SourceError>
  ) -> SourceReply<Value> {
    switch action {
    case .answer(let answer): SourceReply(answer.decoded(with: decode), afterMs: latencyMs)
    case .hang: .failure(.timedOut(afterMs: settings.timeoutMs), afterMs: settings.timeoutMs)
    case .drop: .failure(SourceError(.offline, "the connection was lost"))
    }
  }
}

extension FaultStep {
  /// The server's action for a fault, or nil for `ok` (the server goes on to the query);
  /// `errorAnswer` writes the service's own answer for an HTTP status.
  public func action(errorAnswer: (Int) -> HTTPAnswer) -> ServerAction? {
    switch self {
    case .ok: nil
    case .status(let code, let retryAfter):
      .answer(errorAnswer(code).retrying(after: retryAfter))
    case .timeout: .hang
    case .offline: .drop
    case .garbage: .answer(.garbage)
    }
  }
}

extension HTTPAnswer {
  /// The answer with a `Retry-After: seconds` header, when `seconds` is given.
  public func retrying(after seconds: Int?) -> HTTPAnswer {
    guard let seconds else { return self }
    var answer = self
    answer.retryAfter = String(seconds)
    return answer
  }

  /// A 200 whose body breaks off mid-JSON, as a failing proxy might send.
  public static let garbage = HTTPAnswer(status: 200, body: Data(#"{"status": "ok", "data": {"te"#.utf8))
}
