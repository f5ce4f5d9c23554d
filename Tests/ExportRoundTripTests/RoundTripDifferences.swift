import XCTest

/// Where every library's program differs from pipe for what only pipe does (its prompt, its
/// settings driving a stream, a person typing), by `DocumentedPipeline.key`: the part the
/// round trips' lists of known differences share.
///
/// Every known difference's reason begins with its kind: `printing:` (pipe's own printing:
/// `log`, a materialized error's message), `pipe only:` (what only pipe has: its prompt, `set`,
/// `input`), or `commented:` (the program does otherwise than pipe, and the export says so
/// at that line: the rest of the reason is that comment, which the exported program must
/// hold; `checkKinds` checks it). An export that differs without a word is none of these.
enum RoundTripDifferences {
  static let kinds = ["printing: ", "pipe only: ", "commented: "]

  static let pipesOwn = [
    "docs/LANGUAGE.md: let f = cold [\"10ms #\", \"10ms (a|)\"]; f | retry 2 | show; f | catch (f) | show":
      "commented: (in pipe each use of f plays the 2 diagrams from the first, a retry the next; here all its uses share one count of subscriptions)",
    "docs/LANGUAGE.md: changes(network) | take 1 | show &; set network \"off\"":
      "pipe only: pipe's set drives changes(network); nothing sets the export's subject",
    "docs/LANGUAGE.md: changes(weather.apiKey) | take 1 | show &; set weather.apiKey \"0123abcd\"":
      "pipe only: pipe's set drives changes(weather.apiKey); nothing sets the export's subject",
    "docs/LANGUAGE.md: of(\"Oslo\", \"Lima\") |":
      "pipe only: pipe's set drives until(network); nothing sets the export's subject",
    "docs/LANGUAGE.md: :schedule backoff(1, 3, 5, 10) retryAfter 7s":
      "pipe only: a prompt command (:schedule) prints at pipe's prompt and has no code",
    "docs/OPERATORS.md: input \"city> \" | map { len(.) } | show":
      "pipe only: input reads the person's lines; nothing sends the export's subject any",
  ]

  /// Fails for a known difference whose reason names no kind, and for a `commented:` one
  /// whose exported program (`programs`, by key) does not hold the comment.
  static func checkKinds(_ differences: [String: String], programs: [String: String], library: String) {
    for (key, reason) in differences.sorted(by: { $0.key < $1.key }) {
      guard let kind = kinds.first(where: reason.hasPrefix) else {
        XCTFail("\(library): the reason of \(key) begins with none of \(kinds): \(reason)")
        continue
      }
      guard kind == "commented: " else { continue }
      let comment = String(reason.dropFirst(kind.count))
      guard let program = programs[key] else {
        XCTFail("\(library): \(key) has no exported program")
        continue
      }
      XCTAssertTrue(
        saysInAComment(program, comment),
        "\(library): the program of \(key) does not say at its line: \(comment)\n\(program)")
    }
  }

  /// Whether a line of `program` holds `comment` in a `//` or `/* */` comment.
  static func saysInAComment(_ program: String, _ comment: String) -> Bool {
    program.split(separator: "\n").contains { line in
      guard let found = line.range(of: comment) else { return false }
      let before = line[..<found.lowerBound]
      return before.contains("//") || before.contains("/*")
    }
  }
}
