/// Whether a source asks the real web service or its simulator.
public enum SourceMode: String, Sendable, CaseIterable {
  case sim, live
}

/// The settings a web-service source reads: its own namespace (`weather.mode`, `weather.apiKey`,
/// …) and the global `network` and `seed`.
public struct ServiceSettings: Equatable, Sendable {
  /// `sim` (the default) answers from the simulator, `live` calls `baseURL`.
  public var mode: SourceMode = .sim
  /// Sent to the service, never logged. The simulator accepts any key that is not empty.
  public var apiKey: String = ServiceSettings.demoKey
  /// When on, an empty key fails with `invalidKey` before any request.
  public var requireKey = true
  /// Where the live client sends its requests (no trailing path).
  public var baseURL: String
  /// The simulator's faults per attempt.
  public var faults: FaultPlan = .none
  /// How long the live client waits for an answer, and the simulated `timeout` fault's delay.
  public var timeoutSeconds = ServiceSettings.defaultTimeoutSeconds
  /// The global `network` setting: off makes every request fail with `offline`.
  public var network = true
  /// The seed for the simulator's variation, latency and fault rate.
  public var seed: UInt64 = 42

  /// Under the plugin host's 10 s deadline, so a slow service is this source's `timeout`.
  public static let defaultTimeoutSeconds = 5.0

  /// The timeouts a person may set, in seconds: from a millisecond to an hour (a longer one
  /// would never be reached: the plugin host's deadline is shorter).
  public static let timeoutRange = 0.001...3600.0

  /// The simulator's default key, so that a source works before anything is set.
  public static let demoKey = "demo"

  public init(baseURL: String) {
    self.baseURL = baseURL
  }

  public var timeoutMs: Int { Int((timeoutSeconds * 1000).rounded()) }

  /// The key is missing, and the settings say that matters.
  public var keyIsMissing: Bool {
    requireKey && apiKey.isBlank
  }
}

extension String {
  /// Empty or only white space, as a missing key is.
  public var isBlank: Bool { allSatisfy(\.isWhitespace) }
}
