import Foundation

/// A student's report to the room, read from `POST /_room/report` and checked: names and texts
/// are untrusted, so each has a length limit and no control characters.
///
///     {"name":"ada","exercise":"03-try-again","kind":"check","passed":false,
///      "expectations":{"passed":0,"failed":1},
///      "failing":{"text":"expect …","diagram":"<svg …>…</svg>"},"hintsUsed":1,"secret":"S"}
///     {"name":"ada","exercise":"03-try-again","kind":"hint","hintsUsed":2,"secret":"S"}
///
/// `secret` is the student's (`pipe join` makes it): the room takes a name's reports only with
/// the secret of its first report (`RoomState`), so that no student reports as another.
struct RoomReport: Sendable, Equatable {
  enum Kind: Sendable, Equatable {
    /// A `pipe check` of the exercise: passed or not, and what failed.
    case check(passed: Bool, expectations: Counts?, failingText: String?, diagram: String?)
    /// The student asked for a hint.
    case hint
  }

  struct Counts: Codable, Sendable, Equatable {
    let passed: Int
    let failed: Int
  }

  let name: String
  let exercise: String
  let kind: Kind
  let hintsUsed: Int?
  let secret: String

  /// The most characters (Unicode scalars) a name or an exercise may have.
  static let maximumName = 64
  /// The most characters a failing expectation's text may have.
  static let maximumText = 4096

  /// Why a report was refused: the 400's message.
  struct Refused: Error, Equatable {
    let message: String
    /// 400, or 403 for a name that is another student's.
    var status = 400
  }

  private struct Wire: Decodable {
    struct Failing: Decodable {
      let text: String?
      let diagram: String?
    }
    let name: String
    let exercise: String
    let kind: String
    let passed: Bool?
    let expectations: Counts?
    let failing: Failing?
    let hintsUsed: Int?
    let secret: String?
  }

  /// Reads and checks a report's JSON body.
  static func parse(_ body: Data) throws(Refused) -> RoomReport {
    let wire: Wire
    do {
      wire = try JSONDecoder().decode(Wire.self, from: body)
    } catch {
      throw Refused(message: "the report is not JSON of the room's form: \(Self.reason(error))")
    }
    try checkName(wire.name, field: "name")
    try checkName(wire.exercise, field: "exercise")
    guard let secret = wire.secret, (16...128).contains(secret.utf8.count) else {
      throw Refused(
        message:
          "the report has no student's secret (16-128 bytes): join the room again (pipe join URL --name NAME)"
      )
    }
    if let hints = wire.hintsUsed, !(0...1000).contains(hints) {
      throw Refused(message: "hintsUsed must be 0-1000, not \(hints)")
    }
    let kind: Kind
    switch wire.kind {
    case "check":
      guard let passed = wire.passed else {
        throw Refused(message: "a check report needs \"passed\": true or false")
      }
      if let counts = wire.expectations, counts.passed < 0 || counts.failed < 0 {
        throw Refused(message: "expectations must count 0 or more")
      }
      let text = wire.failing?.text
      if let text, text.unicodeScalars.count > maximumText {
        throw Refused(message: "failing.text is longer than \(maximumText) characters")
      }
      let diagram = wire.failing?.diagram
      if let diagram, !isSVG(diagram) { throw Refused(message: "failing.diagram is not an SVG document") }
      kind = .check(passed: passed, expectations: wire.expectations, failingText: text, diagram: diagram)
    case "hint": kind = .hint
    default: throw Refused(message: "kind must be \"check\" or \"hint\", not \"\(printable(wire.kind))\"")
    }
    return RoomReport(
      name: wire.name, exercise: wire.exercise, kind: kind, hintsUsed: wire.hintsUsed, secret: secret)
  }

  /// A name or exercise: 1 to 64 characters, none of them a control, line-separator or bidi
  /// character (they would rearrange the console's line or the teacher's page).
  static func checkName(_ text: String, field: String) throws(Refused) {
    guard !text.isEmpty else { throw Refused(message: "\(field) is empty") }
    guard text.unicodeScalars.count <= maximumName else {
      throw Refused(message: "\(field) is longer than \(maximumName) characters")
    }
    guard !text.unicodeScalars.contains(where: isRefused) else {
      throw Refused(message: "\(field) holds a control character")
    }
  }

  private static func isRefused(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .lineSeparator, .paragraphSeparator: return true
    default:
      // Bidi marks, embeddings, overrides and isolates.
      return [0x061C, 0x200E, 0x200F].contains(scalar.value) || (0x202A...0x202E).contains(scalar.value)
        || (0x2066...0x2069).contains(scalar.value)
    }
  }

  /// `text` with its refused characters shown as `?` (for an error message).
  private static func printable(_ text: String) -> String {
    String(String.UnicodeScalarView(text.unicodeScalars.prefix(maximumName).map { isRefused($0) ? "?" : $0 }))
  }

  /// Whether `text` starts (after white space and an XML declaration) with an `<svg` element.
  private static func isSVG(_ text: String) -> Bool {
    var rest = Substring(text).drop { $0.isWhitespace }
    if rest.hasPrefix("<?xml"), let end = rest.range(of: "?>") {
      rest = rest[end.upperBound...].drop { $0.isWhitespace }
    }
    return rest.hasPrefix("<svg")
  }

  /// The decoding error, short: which field, and what was wrong with it.
  private static func reason(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "not JSON" }
    func path(_ context: DecodingError.Context) -> String {
      context.codingPath.map(\.stringValue).joined(separator: ".")
    }
    switch error {
    case .keyNotFound(let key, let context):
      return "\(path(context).isEmpty ? "" : path(context) + ".")\(key.stringValue) is missing"
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      return "\(path(context)) has the wrong type"
    case .dataCorrupted(let context): return path(context).isEmpty ? "not JSON" : "\(path(context)) is wrong"
    @unknown default: return "not JSON"
    }
  }
}
