import Foundation
import PipeDSL
import TerminalText

/// The workshop room a student joined with `pipe join URL --name NAME`: the room's address,
/// the name the teacher sees, and the student's secret. Kept in the settings file as
/// `room.url`, `room.name` and `room.secret` (keys no plugin reads); `pipe leave` removes the
/// first two. The secret is random, made by the first `pipe join` and kept after `pipe leave`:
/// each report carries it, and the room takes reports under a name only with the secret of
/// the first report under it, so that no student reports as another.
///
/// While joined, the prompt points `weather` and `airquality` at the room's service, without
/// the student's API key (the saved key stays in the file for when they leave), and `pipe
/// check` and `pipe hint` report to the room.
struct RoomMembership: Equatable {
  /// `http://10.0.0.5:8080`, no trailing slash.
  var url: String
  var name: String
  /// nil for a room joined before secrets were made (the room refuses its reports: join again).
  var secret: String?

  static let urlKey = "room.url"
  static let nameKey = "room.name"
  static let secretKey = "room.secret"

  /// The longest name the room takes.
  static let nameLimit = 64

  /// The settings that the room's keys live among but that are not settings of a session.
  static func isRoomKey(_ key: String) -> Bool { key == urlKey || key == nameKey || key == secretKey }

  /// The secret saved in `store`, or a new one: 18 random bytes, URL-safe base64.
  static func secret(in store: SettingsStore) -> String {
    if case .string(let saved)? = store.load().values[secretKey], !saved.isEmpty { return saved }
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<18).map { _ in UInt8.random(in: 0...255, using: &generator) }
    return Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_")
  }

  /// The room joined, as the settings file says; nil when none (or when what it says is
  /// not a room this pipe would have joined).
  static func load(from store: SettingsStore?) -> RoomMembership? {
    guard let saved = store?.load().values,
      case .string(let url)? = saved[urlKey], case .string(let name)? = saved[nameKey],
      (try? RoomAddress(url)) != nil, nameProblem(name) == nil
    else { return nil }
    guard case .string(let secret)? = saved[secretKey] else { return RoomMembership(url: url, name: name) }
    return RoomMembership(url: url, name: name, secret: secret)
  }

  /// The settings file of this user (`$XDG_CONFIG_HOME/pipe/settings.json`).
  static var store: SettingsStore? {
    SettingsStore.defaultPath(ProcessInfo.processInfo.environment).map(SettingsStore.init)
  }

  /// Why `name` cannot be a name in the room, or nil.
  static func nameProblem(_ name: String) -> String? {
    if name.allSatisfy(\.isWhitespace) { return "the name is empty" }
    if name.count > nameLimit { return "the name has \(name.count) characters; at most \(nameLimit)" }
    // Bidi overrides and zero-width characters too: the teacher's screen shows the name.
    if name.unicodeScalars.contains(where: { ControlCharacters.isControl($0) || $0 == "\n" || $0 == "\t" }) {
      return "the name has a control character"
    }
    return nil
  }

  /// `joined room http://10.0.0.5:8080 as ada · pipe leave leaves it`, the prompt's start-up line.
  var startupLine: String { "joined room \(url) as \(name) · pipe leave leaves it" }

  /// The services pointed at the room. Their keys are emptied and not required: a student's
  /// key never goes to the room.
  static let services = ["weather", "airquality"]

  /// Points the room's services at it in `settings` (for this session only: nothing is saved).
  func apply(to settings: Settings) {
    for service in Self.services {
      _ = settings.restore("\(service).mode", "live")
      _ = settings.restore("\(service).baseURL", .string(url))
      _ = settings.restore("\(service).apiKey", "")
      _ = settings.restore("\(service).requireKey", false)
    }
  }
}

/// A room's address: `http://HOST[:PORT][/PATH]`, http only, with a host.
struct RoomAddress: Equatable {
  var host: String
  var port: UInt16
  /// The path before `/_room/…`, without a trailing slash ("" at the root).
  var path: String

  struct Problem: Error, CustomStringConvertible {
    var description: String
  }

  init(_ text: String) throws(Problem) {
    guard text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
      throw Problem(
        description: "the room's URL '\(text.visibleControls)' has spaces or characters a URL does not")
    }
    guard text.lowercased().hasPrefix("http://") else {
      throw Problem(
        description: "the room's URL must start with http:// (the room is plain HTTP), not '\(text)'")
    }
    guard let components = URLComponents(string: text), let host = components.host, !host.isEmpty,
      components.query == nil, components.fragment == nil, components.user == nil
    else {
      throw Problem(description: "the room's URL '\(text)' is not http://HOST[:PORT] (a host is required)")
    }
    guard let port = UInt16(exactly: components.port ?? 80), port > 0 else {
      throw Problem(description: "the room's URL '\(text)' has a port outside 1-65535")
    }
    self.host = host
    self.port = port
    path = components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
  }
}

extension String {
  /// The text with control characters shown as `\u{1B}`, so an error never writes one.
  var visibleControls: String {
    var result = ""
    for scalar in unicodeScalars {
      if scalar.properties.generalCategory == .control {
        result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
