// XCTest's assertions: compiled only where XCTest is (a release build with
// --static-swift-stdlib builds every regular target, and has no XCTest).
#if canImport(XCTest)
  import Operators
  import XCTest

  /// Marble sources, in the spirit of RxJS's `cold` and `hot` run helpers. A malformed diagram
  /// or a letter missing from `values` fails the test at the caller's line, and the source
  /// plays what could be read.
  ///
  ///     let xs = scheduler.cold("-a-b|", values: ["a": 1, "b": 2])
  ///     let ys = scheduler.hot("--^-a-|")  // letters stand for themselves, as strings
  ///     let zs = scheduler.cold(attempts: ["1ms #", "1ms #", "1ms (a|)"])
  extension TestScheduler {
    /// A cold source: times count from each subscription; `#` is `error`.
    public func cold<Element>(
      _ marbles: String, values: [Character: Element], error: any Error = TestError(),
      file: StaticString = #filePath, line: UInt = #line
    ) -> TestableMarbles<Element> {
      cold(attempts: [marbles], values: values, error: error, file: file, line: line)
    }

    /// A cold source whose n-th subscription plays the n-th diagram, the last one repeating.
    public func cold<Element>(
      attempts marbles: [String], values: [Character: Element], error: any Error = TestError(),
      file: StaticString = #filePath, line: UInt = #line
    ) -> TestableMarbles<Element> {
      let diagrams = marbles.map { parse($0, as: .cold, keys: values.keys, file: file, line: line) }
      let source = Observable.marbles(
        attempts: diagrams, values: { values[$0]! }, error: error, scheduler: self)
      return TestableMarbles(scheduler: self, source: source)
    }

    /// A hot source started now: `^` is the current time, shared by every subscriber.
    public func hot<Element>(
      _ marbles: String, values: [Character: Element], error: any Error = TestError(),
      file: StaticString = #filePath, line: UInt = #line
    ) -> TestableMarbles<Element> {
      let diagram = parse(marbles, as: .hot, keys: values.keys, file: file, line: line)
      let source = Observable.hotMarbles(diagram, values: { values[$0]! }, error: error, scheduler: self)
      return TestableMarbles(scheduler: self, source: source)
    }

    /// A cold source of one-letter strings.
    public func cold(
      _ marbles: String, error: any Error = TestError(), file: StaticString = #filePath, line: UInt = #line
    ) -> TestableMarbles<String> {
      cold(attempts: [marbles], values: Self.letters(in: [marbles]), error: error, file: file, line: line)
    }

    /// A cold source of one-letter strings whose n-th subscription plays the n-th diagram.
    public func cold(
      attempts marbles: [String], error: any Error = TestError(),
      file: StaticString = #filePath, line: UInt = #line
    ) -> TestableMarbles<String> {
      cold(attempts: marbles, values: Self.letters(in: marbles), error: error, file: file, line: line)
    }

    /// A hot source of one-letter strings.
    public func hot(
      _ marbles: String, error: any Error = TestError(), file: StaticString = #filePath, line: UInt = #line
    ) -> TestableMarbles<String> {
      hot(marbles, values: Self.letters(in: [marbles]), error: error, file: file, line: line)
    }

    /// Every character of `marbles` as its own string value.
    static func letters(in marbles: [String]) -> [Character: String] {
      Dictionary(marbles.joined().map { ($0, String($0)) }, uniquingKeysWith: { first, _ in first })
    }

    /// The diagram, or what of it can be played after reporting what is wrong with it.
    func parse(
      _ marbles: String, as kind: MarbleDiagram.Kind, keys: Dictionary<Character, some Any>.Keys,
      file: StaticString, line: UInt
    ) -> MarbleDiagram {
      do {
        var diagram = try MarbleDiagram(parsing: marbles, as: kind)
        let missing = Set(diagram.events.compactMap { $0.event.character }.filter { !keys.contains($0) })
        if !missing.isEmpty {
          XCTFail(
            "no value for \(missing.sorted().map { "'\($0)'" }.joined(separator: ", ")) in \"\(marbles)\"",
            file: file, line: line)
          diagram.events.removeAll { $0.event.character.map(missing.contains) ?? false }
        }
        return diagram
      } catch {
        XCTFail("\"\(marbles)\": \(error)", file: file, line: line)
        return MarbleDiagram()
      }
    }
  }
#endif
