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
  /// One fault word: `ok`, `timeout`, `offline`, `garbage`, or an HTTP status 400–599.
  public init(parsing token: Substring) throws(SourceError) {
    let word = token.trimmingCharacters(in: .whitespaces)
    switch word {
    case "ok": self = .ok
    case "timeout": self = .timeout
    case "offline": self = .offline
    case "garbage": self = .garbage
    default:
      guard let code = Int(word), (400...599).contains(code) else {
        throw SourceError(
          .invalidSetting,
          "unknown fault '\(word)': use ok, timeout, offline, garbage or an HTTP status 400-599")
      }
      self = .status(code)
    }
  }
}
