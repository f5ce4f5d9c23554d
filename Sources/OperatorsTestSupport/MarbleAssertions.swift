// XCTest's assertions: compiled only where XCTest is (a release build with
// --static-swift-stdlib builds every regular target, and has no XCTest).
#if canImport(XCTest)
  import Operators
  import XCTest

  /// Asserts that `observer` saw the events of `expected`, times counted from the clock's
  /// zero; on failure prints both diagrams one above the other. `#` matches any error unless
  /// `error` is given.
  ///
  ///     assertMarbles(res, "-a-(bc)|", values: ["a": 1, "b": 2, "c": 3])
  ///     // expected: -a-(bc)|
  ///     // actual:   -a-(bA)|
  ///     //   where A = 4
  ///     // first difference: at 3ms expected c, got A
  public func assertMarbles<Element: Equatable>(
    _ observer: TestableObserver<Element>, _ expected: String, values: [Character: Element],
    error: (any Error)? = nil, file: StaticString = #filePath, line: UInt = #line
  ) {
    let diagram: MarbleDiagram
    do {
      diagram = try MarbleDiagram(hot: expected)
    } catch {
      return XCTFail("\"\(expected)\": \(error)", file: file, line: line)
    }
    let comparison = MarbleComparison<Element>(
      expected: diagram, alphabet: values.keys.sorted(),
      error: { actual in error.map { errorsMatch($0, actual) } ?? true },
      value: { values[$0] == $1 })
    let recorded = observer.events.map { (time: ms($0.time), event: $0.event) }
    if let mismatch = comparison.mismatch(recorded) {
      XCTFail("marbles differ\n\(mismatch)", file: file, line: line)
    }
  }

  /// Asserts that `observer` saw `expected`, where every letter stands for itself as a string.
  public func assertMarbles(
    _ observer: TestableObserver<String>, _ expected: String, error: (any Error)? = nil,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    let values = TestScheduler.letters(in: [expected])
    assertMarbles(observer, expected, values: values, error: error, file: file, line: line)
  }

  /// Asserts a source's subscriptions, one subscription diagram each (`"^--!"`, `"--^"`);
  /// on failure prints both lists as diagrams.
  public func assertSubscriptions(
    _ subscriptions: [Subscription], _ expected: String..., file: StaticString = #filePath,
    line: UInt = #line
  ) {
    var wanted: [Subscription] = []
    for marbles in expected {
      do {
        let diagram = try MarbleDiagram(subscription: marbles)
        if let start = diagram.subscription {
          wanted.append(Subscription(milliseconds(start), diagram.unsubscription.map(milliseconds)))
        }
      } catch {
        return XCTFail("\"\(marbles)\": \(error)", file: file, line: line)
      }
    }
    guard wanted != subscriptions else { return }
    XCTFail(
      "subscriptions differ\nexpected: \(draw(wanted))\nactual:   \(draw(subscriptions))",
      file: file, line: line)
  }

  private func milliseconds(_ time: Time) -> Int { Int(time.nanoseconds / 1_000_000) }

  /// Subscriptions as diagrams, one under the other.
  private func draw(_ subscriptions: [Subscription]) -> String {
    guard !subscriptions.isEmpty else { return "(none)" }
    return subscriptions.map {
      MarbleDiagram(subscription: ms($0.start), unsubscription: $0.end.map(ms)).rendered()
    }.joined(separator: "\n          ")
  }
#endif
