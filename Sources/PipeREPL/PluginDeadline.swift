import Foundation

/// How long a plugin may stay silent about a subscription before it fails with `timeout`:
/// 10 s, or `PIPE_PLUGIN_DEADLINE` — seconds (`2`, `0.5`) or a duration (`500ms`, `2s`).
enum PluginDeadline {
  static let variable = "PIPE_PLUGIN_DEADLINE"
  static let standard = Duration.seconds(10)

  /// The deadline the environment asks for; a value that is not a positive duration is
  /// ignored, with a note.
  static func fromEnvironment(
    _ environment: [String: String] = ProcessInfo.processInfo.environment, note: (String) -> Void
  ) -> Duration {
    guard let text = environment[variable], !text.isEmpty else { return standard }
    guard let deadline = parse(text) else {
      note("note: \(variable)='\(text)' is not a duration such as 2, 0.5, 500ms or 2s; using 10 s")
      return standard
    }
    return deadline
  }

  /// `2` and `2s` are two seconds, `500ms` half a second; nil for anything else or for zero.
  static func parse(_ text: String) -> Duration? {
    let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
    let (number, scale): (Substring, Double) =
      trimmed.hasSuffix("ms")
      ? (trimmed.dropLast(2), 1e-3) : trimmed.hasSuffix("s") ? (trimmed.dropLast(), 1) : (trimmed[...], 1)
    guard let value = Double(number), value.isFinite, value > 0, value * scale < 86_400 else { return nil }
    return .milliseconds(max(1, Int64((value * scale * 1000).rounded())))
  }
}
