/// A statement a catalogue entry shows, with what `pipe -e` prints for it. A test runs every
/// entry's examples through the real binary, as Nushell runs each command's examples, so the
/// documentation cannot drift from what pipe does.
///
///     Example("of(1, 2) | delay 1s", prints: "1\n2")
public struct Example: Hashable, Sendable {
  /// A statement to paste at the prompt or give to `pipe -e`.
  public var code: String
  /// What `pipe -e CODE` prints on the virtual clock with a fresh home and no colour: standard
  /// output and standard error as a terminal shows them, without the final newline.
  public var output: String

  public init(_ code: String, prints output: String) {
    self.code = code
    self.output = output
  }
}

/// A marble diagram of what an entry does, in RxJS marble syntax (`-` one frame of 1 ms, a
/// letter a value, `(ab)` one frame, `#` an error, `|` completion). It is played as written:
/// `cold UPSTREAM | STAGE` must give OUTPUT, so the diagram is checked like an `expect` line.
///
///     Marble("a-b|", "delay 2ms", "--a-b|")   // a-b|  →  --a-b|
///     Marble(source: "just \"a\"", "(a|)")
public struct Marble: Hashable, Sendable {
  /// The diagram the upstream plays; nil for a source, which makes its own.
  public var upstream: String?
  /// The stage as written (for a source, the whole source): `delay 2ms`.
  public var stage: String
  /// What comes out.
  public var output: String
  /// What the letters of `output` stand for, when they are not themselves: `[x: [1, 2]]`.
  public var values: String?

  public init(_ upstream: String, _ stage: String, _ output: String, values: String? = nil) {
    self.upstream = upstream
    self.stage = stage
    self.output = output
    self.values = values
  }

  public init(source: String, _ output: String, values: String? = nil) {
    self.stage = source
    self.output = output
    self.values = values
  }

  /// `a-b|  →  --a-b|`, or a source's own diagram.
  public var line: String { upstream.map { "\($0)  →  \(output)" } ?? output }

  /// What the diagram is played with: `delay 2ms`, and the values when the letters stand for
  /// others: `enumerate; [x: ...]`.
  public var legend: String { stage + (values.map { "; " + $0 } ?? "") }

  /// `cold "a-b|" | delay 2ms | expect "--a-b|"`: the statement that checks the diagram.
  public var statement: String {
    let expect = "expect \"\(output)\"" + (values.map { " " + $0 } ?? "")
    return [upstream.map { "cold \"\($0)\"" }, stage, expect].compactMap { $0 }.joined(separator: " | ")
  }
}
