import Foundation
import Synchronization

/// Keeps secrets out of every text that leaves the engine: sinks' lines, traces, diagrams,
/// SVG files, error messages and diagnostics.
///
/// It knows the current value of every secret setting (a key ending in `key`, `token` or
/// `secret`, or one a plugin declares secret) and of every secret taken from the
/// environment (`PIPE_WEATHER_APIKEY`), and replaces each with `••••` wherever it appears,
/// escaped for JSON or XML too, or percent-encoded as a URL carries it (a server that echoes
/// the query it got gives the key back so). The settings tell it of every change. Safe from any thread.
///
///     settings.set("weather.apiKey", "0123abcd")
///     redactor.redact("401: Invalid API key 0123abcd")  // 401: Invalid API key ••••
public final class Redactor: Sendable {
  public static let mask = "••••"
  /// Values shorter than this are not masked in free text: they would hide ordinary words
  /// and numbers (`set x.key "a"` would mask every `a`). A `set` statement's value is masked
  /// whatever its length.
  public static let shortest = 4

  /// The texts to mask, longest first, so that a secret containing another is masked whole.
  private let secrets = Mutex<[String]>([])
  /// Whether `secrets` holds any: most runs have none, and a line is then passed on as it
  /// is, without taking the lock.
  private let hasSecrets = Atomic<Bool>(false)
  private let fromEnvironment: [String]

  /// A redactor of `settings`' secrets, and of the secrets in `environment` (the variables
  /// `PIPE_…` whose name ends in KEY, TOKEN or SECRET).
  public init(settings: Settings? = nil, environment: [String: String] = [:]) {
    fromEnvironment = environment.compactMap { name, value in
      name.hasPrefix("PIPE_") && Settings.isSecret(name) ? value : nil
    }
    update(values: [])
    guard let settings else { return }
    update(from: settings)
    settings.observe { [weak self] in self?.update(from: $0) }
  }

  /// Learns the current values of `settings`' secrets (on the loop, after a change).
  public func update(from settings: Settings) {
    update(values: settings.secretValues.map(\.plain))
  }

  private func update(values: [String]) {
    var texts = Set<String>()
    for value in values + fromEnvironment where value.count >= Redactor.shortest {
      texts.insert(value)
      texts.insert(Redactor.jsonEscaped(value))
      texts.insert(Redactor.xmlEscaped(value))
      texts.formUnion(Redactor.urlEncoded(value))
    }
    let sorted = texts.sorted { $0.count > $1.count }
    secrets.withLock {
      $0 = sorted
      hasSecrets.store(!sorted.isEmpty, ordering: .releasing)
    }
  }

  /// Whether no secret is known, so that `redact` gives every text back as it is: a line
  /// made as bytes can then be written without being made a `String` first.
  public var masksNothing: Bool { !hasSecrets.load(ordering: .acquiring) }

  /// `text` with every secret value masked.
  public func redact(_ text: String) -> String {
    guard hasSecrets.load(ordering: .acquiring) else { return text }
    let known = secrets.withLock { $0 }
    var result = text
    for secret in known where result.contains(secret) {
      result = result.replacing(secret, with: Redactor.mask)
    }
    return result
  }

  /// A source file whose secret values read as `•` each, the same number of characters as
  /// the value, so a diagnostic's caret still stands under its span.
  public func redact(_ file: SourceFile) -> SourceFile {
    let masked = Redactor.maskingAssignments(in: file.text, keepingWidth: true)
    let known = secrets.withLock { $0 }
    var text = masked
    for secret in known where text.contains(secret) {
      text = text.replacing(secret, with: String(repeating: "•", count: secret.count))
    }
    return text == file.text ? file : SourceFile(name: file.name, text: text, firstLine: file.firstLine)
  }

  /// `set weather.apiKey "abc"; just 1` → `set weather.apiKey ••••; just 1`: the value of
  /// every `set` of a secret key, found by the lexer, as history keeps it. With
  /// `keepingWidth`, each character of the value becomes one `•`.
  public static func maskingAssignments(in text: String, keepingWidth: Bool = false) -> String {
    let file = SourceFile(name: "<redact>", text: text)
    let cuts = secretAssignments(in: file).map(\.value.range)
    guard !cuts.isEmpty else { return text }
    var bytes = file.bytes
    for cut in cuts.reversed() {
      let width = String(decoding: bytes[cut], as: UTF8.self).count
      let replacement = keepingWidth ? String(repeating: "•", count: width) : mask
      bytes.replaceSubrange(cut, with: Array(replacement.utf8))
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Every `set` of a secret key in `file`: the key, and the span of the value written.
  public static func secretAssignments(in file: SourceFile) -> [(key: String, value: Span)] {
    let tokens = Lexer.tokenize(file, mode: .prompt).tokens
    var found: [(key: String, value: Span)] = []
    var atStart = true
    for index in tokens.indices {
      defer { atStart = [.newline, .semicolon].contains(tokens[index].kind) }
      guard atStart, tokens[index].kind == .identifier, tokens[index].text == "set",
        index + 2 < tokens.count, Settings.isSecret(tokens[index + 1].text)
      else { continue }
      let value = tokens[(index + 2)...].prefix { ![.newline, .semicolon, .end].contains($0.kind) }
      if let first = value.first, let last = value.last {
        found.append((tokens[index + 1].text, Span(first.span.start, last.span.end)))
      }
    }
    return found
  }

  private static func jsonEscaped(_ value: String) -> String {
    let literal = Value.string(value).json.encodedString()
    return String(literal.dropFirst().dropLast())
  }

  /// The forms a URL gives `value`: in a query as URLComponents writes it (how the live
  /// clients send it), and every byte but the unreserved ones percent-encoded, in upper- and
  /// lower-case hex, a space as `+` too.
  private static func urlEncoded(_ value: String) -> [String] {
    var query = URLComponents()
    query.queryItems = [URLQueryItem(name: "k", value: value)]
    var forms = [query.percentEncodedQuery.map { String($0.dropFirst(2)) }]
    let unreserved = CharacterSet(
      charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    if let strict = value.addingPercentEncoding(withAllowedCharacters: unreserved) {
      forms += [strict, strict.replacing("%20", with: "+")]
      forms.append(strict.replacing(/%[0-9A-F]{2}/) { $0.output.lowercased() })
    }
    return forms.compactMap { $0 }
  }

  private static func xmlEscaped(_ value: String) -> String {
    value.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
      .replacing("\"", with: "&quot;").replacing("'", with: "&#39;")
  }
}

extension Value {
  /// The text of a value as it would appear in a message: a string without its quotes.
  var plain: String {
    if case .string(let text) = self { return text }
    return literal
  }
}
