import Foundation

extension FaultPlan {
  /// Reads a `*.faults` setting; a malformed one is an `invalidSetting` error that says why.
  ///
  ///     try FaultPlan(parsing: "500, 500, ok")   // .sequence([.status(500), .status(500), .ok])
  ///     try FaultPlan(parsing: "rate(0.3)")      // .rate(0.3, .status(503))
  public init(parsing text: String) throws(SourceError) {
    let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
    if trimmed.isEmpty || trimmed == "none" {
      self = .none
    } else if trimmed.hasPrefix("rate(") && trimmed.hasSuffix(")") {
      self = try Self.parseRate(String(trimmed.dropFirst(5).dropLast()))
    } else {
      let tokens = trimmed.split(separator: ",", omittingEmptySubsequences: false)
      self = .sequence(try tokens.map { token throws(SourceError) in try FaultStep(parsing: token) })
    }
  }

  private static func parseRate(_ inner: String) throws(SourceError) -> FaultPlan {
    let parts = inner.split(separator: ",", omittingEmptySubsequences: false)
    let rateText = parts[0].trimmingCharacters(in: .whitespaces)
    guard parts.count <= 2, let rate = Double(rateText), (0...1).contains(rate) else {
      throw SourceError(.invalidSetting, "rate(P) or rate(P, FAULT) needs P between 0 and 1")
    }
    let fault = parts.count == 2 ? try FaultStep(parsing: parts[1]) : .status(503)
    return .rate(rate, fault)
  }
}

extension FaultStep {
  /// One fault word: `ok`, `timeout`, `offline`, `garbage`, or an HTTP status 400–599, which
  /// may carry a `Retry-After` in whole seconds (`429@7s`, `503@2`).
  public init(parsing token: Substring) throws(SourceError) {
    let word = token.trimmingCharacters(in: .whitespaces)
    switch word {
    case "ok": self = .ok
    case "timeout": self = .timeout
    case "offline": self = .offline
    case "garbage": self = .garbage
    default:
      let parts = word.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
      guard let code = Int(parts[0]), (400...599).contains(code) else {
        throw SourceError(
          .invalidSetting,
          "unknown fault '\(word)': use ok, timeout, offline, garbage or an HTTP status 400-599")
      }
      self = .status(code, retryAfter: try parts.count == 2 ? Self.retryAfter(parts[1], in: word) : nil)
    }
  }

  /// The seconds of `429@7s`: a whole number from 0 to a day, with or without its `s`.
  private static func retryAfter(_ text: Substring, in word: String) throws(SourceError) -> Int {
    let digits = text.hasSuffix("s") ? text.dropLast() : text
    guard let seconds = Int(digits), (0...RetryAfter.maxSeconds).contains(seconds) else {
      throw SourceError(
        .invalidSetting,
        "'\(word)': a Retry-After is whole seconds from 0 to \(RetryAfter.maxSeconds), as in 429@7s")
    }
    return seconds
  }
}
