import FakeAPI
import SourceCore

/// A key typed at `pipe fake-api`'s terminal, and what it does.
struct FaultKey {
  enum Action {
    /// New plans for the services named (their attempts restart at 1).
    case faults([FakeAPIService: FaultPlan])
    case resetAttempts, status, menu, quit
  }

  let key: Character
  let label: String
  let action: Action

  static let all: [FaultKey] = [
    FaultKey("1", "weather: 500, 500, then answers      (retry 3 gets through)", weather: "500,500,ok"),
    FaultKey("2", "both services: 503 on every request  (down)", weather: "503", airquality: "503"),
    FaultKey("3", "weather: 30% of requests get 503     (flaky)", weather: "rate(0.3)"),
    FaultKey("4", "weather: the next request hangs      (timeout)", weather: "timeout,ok"),
    FaultKey("5", "weather: 429 on every request        (rate limited)", weather: "429"),
    FaultKey("6", "airquality: 500, 500, then answers", airquality: "500,500,ok"),
    FaultKey("0", "healthy: no faults anywhere", weather: "", airquality: ""),
    FaultKey(key: "r", label: "restart the attempt counts", action: .resetAttempts),
    FaultKey(key: "s", label: "show the faults and request counts", action: .status),
    FaultKey(key: "?", label: "show these keys", action: .menu),
    FaultKey(key: "q", label: "quit (Ctrl-C too)", action: .quit),
  ]

  init(key: Character, label: String, action: Action) {
    self.key = key
    self.label = label
    self.action = action
  }

  /// A key that sets fault plans; a plan left nil is not changed.
  private init(_ key: Character, _ label: String, weather: String? = nil, airquality: String? = nil) {
    var plans: [FakeAPIService: FaultPlan] = [:]
    // The plans above are literals that parse.
    if let weather { plans[.weather] = try! FaultPlan(parsing: weather) }
    if let airquality { plans[.airquality] = try! FaultPlan(parsing: airquality) }
    self.init(key: key, label: label, action: .faults(plans))
  }

  /// The key for a typed character (`h` is the menu too); nil for any other.
  static func find(_ character: Character) -> FaultKey? {
    let typed = character == "h" ? "?" : Character(character.lowercased())
    return all.first { $0.key == typed }
  }

  /// One line per key.
  static func menu(indent: String = "  ") -> String {
    all.map { "\(indent)\($0.key)  \($0.label)" }.joined(separator: "\n")
  }
}
