/// One graded script: a case for each expectation, in order, and one for each other reason it
/// fails (it does not read or compile, an error went unhandled, it checks nothing, it tried
/// what it was not allowed).
struct GradedScript {
  /// One thing graded: `demo.pipe:12` for the `expect` of the statement on line 12.
  struct Case {
    var name: String
    var line: Int?
    /// The failure's whole text, as `pipe check` prints it; nil when the case passed.
    var failure: String?
    /// What kind of failure: `expectation`, `unhandled`, `unchecked`, `compile`, `unreadable`,
    /// `refused` (it tried what the person did not allow: docs/PERMISSIONS.md).
    var kind: String

    /// The failure's first line: the one a CI server shows next to the case's name.
    var message: String? { failure.map { String($0.prefix { $0 != "\n" }) } }
  }

  var path: String
  var cases: [Case] = []
  /// Whether the script never ran (it did not read or compile): its text is that failure alone.
  var ranNothing = false
  /// The first failure's diagram as SVG, when it is a marble `expect`'s (for a joined room).
  var failingDiagram: String?

  var passed: Int { cases.count - failed }
  var failed: Int { cases.filter { $0.failure != nil }.count }

  mutating func add(_ name: String, line: Int? = nil, failure: String? = nil, kind: String = "expectation") {
    cases.append(Case(name: name, line: line, failure: failure, kind: kind))
  }

  /// What `pipe check` prints for the script: each failure, then its `ok`/`FAIL` line.
  var text: String {
    let failures = cases.compactMap(\.failure).map { $0 + "\n" }.joined()
    if ranNothing { return failures }
    return failures
      + "\(failed == 0 ? "ok  " : "FAIL") \(Self.shown(path)): \(passed) passed, \(failed) failed\n"
  }

  /// A path as cases and reports name it (`Grader.shown`): a hand-in named
  /// `a\nok 5 - x.pipe` adds no line of its own to a TAP or text report.
  static func shown(_ path: String) -> String { Grader.shown(path) }

  /// The closing line: `N passed, N failed` over every script.
  static func summary(_ scripts: [GradedScript]) -> String {
    "\(scripts.map(\.passed).reduce(0, +)) passed, \(scripts.map(\.failed).reduce(0, +)) failed"
  }
}

/// What `pipe check --format` writes.
enum CheckFormat: String, CaseIterable {
  /// What a person reads: each failure, a line per script, `N passed, N failed`.
  case text
  /// JUnit XML, as CI servers read it: a `testsuite` per script, a `testcase` per case.
  case junit
  /// The Test Anything Protocol, version 13: a plan, then `ok`/`not ok` per case.
  case tap
}
