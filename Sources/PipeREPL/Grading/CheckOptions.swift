import ArgumentParser
import Foundation

/// Everything `pipe check` is told besides its paths and `--format`, in one place: the parent
/// reads it, and hands it whole to the child that grades each file (`arguments`), so an
/// option added here reaches the child without another change.
struct CheckOptions: ParsableArguments {
  @OptionGroup var common: CommonOptions

  @Option(
    help: ArgumentHelp(
      "How long one script may run before it is stopped and fails as timed out: seconds (30, 0.5) or 500ms, 2s "
        + "(30 s, the default).", valueName: "duration"),
    transform: CheckLimits.duration)
  var timeout: Duration = CheckLimits.standardTimeout

  @Option(
    help: ArgumentHelp(
      "How much memory one script may use before it is stopped and fails: 512M, 2G, or MiB (1024, the default).",
      valueName: "size"), transform: CheckLimits.size)
  var maxMemory: Int = CheckLimits.standardMemory

  /// Grade the one file named, printing its result as one JSON line (internal: the parent
  /// starts a child so for each file).
  @Flag(name: .customLong("graded-child"), help: .private)
  var gradedChild = false

  var limits: CheckLimits { CheckLimits(timeout: timeout, maxMemory: maxMemory) }

  /// The options again as arguments, for the child that grades one file.
  var arguments: [String] {
    common.arguments + [
      "--timeout", "\(CheckLimits.milliseconds(timeout))ms",
      "--max-memory", "\(maxMemory / CheckLimits.mebibyte)M",
    ]
  }
}

extension CommonOptions {
  /// The options again as arguments.
  var arguments: [String] {
    var arguments: [String] = []
    if let seed { arguments += ["--seed", String(seed)] }
    if noColor { arguments.append("--no-color") }
    if ascii { arguments.append("--ascii") }
    if let answer { arguments += ["--answer", answer.rawValue] }
    // What the person allowed goes to the child that grades a file, and nothing more.
    return arguments + choices.permissions.arguments
  }
}

/// What one graded script may use: time and memory.
struct CheckLimits: Equatable {
  static let standardTimeout = Duration.seconds(30)
  static let mebibyte = 1 << 20
  static let standardMemory = 1024 * mebibyte

  var timeout = standardTimeout
  var maxMemory = standardMemory

  static func milliseconds(_ duration: Duration) -> Int64 {
    duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
  }

  /// `--timeout`'s value.
  static func duration(_ text: String) throws -> Duration {
    guard let duration = PluginDeadline.parse(text) else {
      throw ValidationError("--timeout '\(text)' is not a duration such as 30, 0.5, 500ms or 2s")
    }
    return duration
  }

  /// `--max-memory`'s value.
  static func size(_ text: String) throws -> Int {
    guard let bytes = parseSize(text) else {
      throw ValidationError("--max-memory '\(text)' is not a size such as 512M, 2G or 1024 (MiB)")
    }
    return bytes
  }

  /// `512M`, `2G`, `1024` (MiB); nil for anything else, for less than 16 MiB or more than 1 TiB.
  static func parseSize(_ text: String) -> Int? {
    let trimmed = text.trimmingCharacters(in: .whitespaces).uppercased()
    let units: [(String, Int)] = [("GIB", 1 << 30), ("MIB", 1 << 20), ("G", 1 << 30), ("M", 1 << 20)]
    let (number, scale) =
      units.first { trimmed.hasSuffix($0.0) }.map { (String(trimmed.dropLast($0.0.count)), $0.1) }
      ?? (trimmed, mebibyte)
    guard let value = Double(number), value.isFinite else { return nil }
    let bytes = value * Double(scale)
    guard bytes >= Double(16 * mebibyte), bytes <= Double(1 << 40) else { return nil }
    return Int(bytes)
  }
}
