import Foundation
import JSON

/// An exercise's hints: its `# hint: …` comment lines, in order. They are comments, so a
/// file with hints runs and grades as it did without them.
///
///     # hint: an error ends the stream; which operator subscribes again?
enum Hints {
  static let marker = "# hint:"

  /// The hints in `text`, in order, each without its marker.
  static func read(_ text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).compactMap { line in
      let trimmed = line.drop { $0 == " " || $0 == "\t" }
      guard trimmed.hasPrefix(marker) else { return nil }
      let hint = trimmed.dropFirst(marker.count).trimmingCharacters(in: .whitespaces)
      return hint.isEmpty ? nil : hint
    }
  }

  /// The exercise a file is: its base name without `.pipe` (`03-try-again`).
  static func exercise(of path: String) -> String {
    let name = (path as NSString).lastPathComponent
    return name.hasSuffix(".pipe") ? String(name.dropLast(5)) : name
  }
}

/// How many hints this student has seen of each exercise, kept in
/// `$XDG_STATE_HOME/pipe/hints.json` (by default `~/.local/state/pipe/hints.json`), 0600:
/// one JSON object from exercise to count, written as the other files pipe keeps are
/// (`AtomicFile`: under a lock, renamed into place).
struct HintState {
  let path: String

  /// The most exercises kept: a file edited into something huge is not read whole.
  static let limit = 10_000

  static func standard(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> HintState? {
    Locations.folder("XDG_STATE_HOME", fallback: ".local/state", environment).map {
      HintState(path: $0 + "/pipe/hints.json")
    }
  }

  private var file: AtomicFile { AtomicFile(path: path) }

  /// How many hints of `exercise` were shown (0 when none, or when the file is not a state).
  func used(_ exercise: String) -> Int { Self.decode((try? file.read()) ?? nil)[exercise] ?? 0 }

  /// Counts one more hint of `exercise`, up to `available`; the count before it.
  func take(_ exercise: String, available: Int) throws -> Int {
    var before = 0
    try file.update { old in
      var counts = Self.decode(old)
      before = counts[exercise] ?? 0
      guard before < available else { return nil }
      counts[exercise] = before + 1
      return Self.encode(counts)
    }
    return before
  }

  static func decode(_ bytes: [UInt8]?) -> [String: Int] {
    guard let bytes, bytes.count <= 1 << 20, let object = (try? JSONValue.parse(bytes))?.objectValue else {
      return [:]
    }
    var counts: [String: Int] = [:]
    for member in object.members.prefix(limit) {
      if let count = member.value.intValue, count >= 0 { counts[member.key] = count }
    }
    return counts
  }

  static func encode(_ counts: [String: Int]) -> [UInt8] {
    let object = JSONObject(
      uniqueMembers: counts.keys.sorted().map { .init(key: $0, value: .int(counts[$0]!)) })
    return JSONValue.object(object).encoded() + [0x0A]
  }
}
