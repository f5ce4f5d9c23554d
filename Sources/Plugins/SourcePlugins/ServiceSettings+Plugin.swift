import PluginKit
import SourceCore

extension ServiceSettings {
  /// The settings a web-service plugin declares, in its namespace `plugin`.
  static func specs(plugin: String, service: String, baseURL: String) -> [SettingSpec] {
    [
      SettingSpec(
        "\(plugin).mode", .string, default: "sim", allowed: SourceMode.allCases.map { .string($0.rawValue) },
        doc: "sim answers from pipe's simulator; live asks \(service) at \(plugin).baseURL"),
      SettingSpec(
        "\(plugin).apiKey", .string, default: .string(demoKey), secret: true,
        doc: "the \(service) API key (the simulator takes any key that is not empty)"),
      SettingSpec(
        "\(plugin).requireKey", .bool, default: true, doc: "an empty key fails with invalidKey"),
      SettingSpec(
        "\(plugin).baseURL", .string, default: .string(baseURL),
        doc: "where live requests go, e.g. http://127.0.0.1:8080 for pipe fake-api"),
      SettingSpec(
        "\(plugin).faults", .string, default: "",
        doc: "the simulator's faults per attempt: \"500,500,ok\", \"rate(0.3)\", \"rate(0.5, timeout)\"; "
          + "words: ok timeout offline garbage, or an HTTP status, with a Retry-After as 429@7s"),
      SettingSpec(
        "\(plugin).timeout", .number, default: .double(defaultTimeoutSeconds),
        minimum: timeoutRange.lowerBound, maximum: timeoutRange.upperBound,
        doc: "seconds to wait for an answer before timeout"),
    ]
  }

  /// The settings of one request: the plugin's namespace, and the global `network` and `seed`.
  init(_ request: Request, plugin: String, baseURL: String) throws(SourceError) {
    let read = SettingsReader(request: request)
    self.init(baseURL: read.string("\(plugin).baseURL", baseURL))
    let modeText = read.string("\(plugin).mode", "sim")
    guard let mode = SourceMode(rawValue: modeText.lowercased()) else {
      throw SourceError(.invalidSetting, "\(plugin).mode must be sim or live, not '\(modeText)'")
    }
    self.mode = mode
    apiKey = read.string("\(plugin).apiKey", apiKey)
    requireKey = try read.flag("\(plugin).requireKey", true)
    faults = try FaultPlan(parsing: read.string("\(plugin).faults"))
    timeoutSeconds = try read.seconds("\(plugin).timeout", timeoutSeconds, in: Self.timeoutRange)
    network = try read.flag("network", true)
    seed = try read.seed("seed") ?? seed
  }
}
