import Operators
import PipeDSL

/// Draws a failed marble `expect` as two lanes on one time axis, expected above actual, so
/// a difference in timing shows as well as a difference in values.
///
///                0ms    2ms     4ms
///                ┬──────┬───────┬─────
///     expected   ^──a───────a─────#
///     actual     ^──a─────a───#
///     # = error: boom
enum ExpectationLanes {
  static func lines(for failure: ExpectationFailure, display: Display) -> [String] {
    var renderer = DiagramTextRenderer(display: display)
    renderer.showsKey = false
    return renderer.render(diagram(failure))
  }

  static func diagram(_ failure: ExpectationFailure) -> Diagram {
    let expected =
      [Mark(.zero, .subscribed)]
      + failure.expected.events.map { Mark(max(.zero, $0.time), kind($0.event)) }
    let glyphs = actualGlyphs(failure)
    let expectedLetters = Set(failure.expected.events.compactMap(\.event.character))
    var errors = ErrorLegend()
    var actual = [Mark(.zero, .subscribed)]
    for (index, record) in failure.actual.enumerated() {
      let kind: Mark.Kind
      switch record.event {
      case .next(let value):
        // The expectation's own letter where the value matches one; otherwise the value.
        if let glyph = glyphs[safe: index], expectedLetters.contains(glyph) {
          kind = .value(.string(String(glyph)))
        } else {
          kind = .value(value)
        }
      case .error(let error): kind = .error(errors.add(PipeError.from(error)))
      case .completed: kind = .completed
      }
      actual.append(Mark(record.time, kind))
    }
    let duration = (expected + actual).map(\.time).max() ?? .zero
    return Diagram(
      title: "", duration: duration,
      lanes: [
        Lane(node: 0, label: "expected", kind: .subscription(1, of: 1), marks: expected),
        Lane(node: 1, label: "actual", kind: .subscription(1, of: 1), marks: actual),
      ],
      legend: letters(failure) + errors.entries)
  }

  /// What the expectation's letters stand for, when its values say: `a = 42`.
  private static func letters(_ failure: ExpectationFailure) -> [LegendEntry] {
    let used = Set(failure.expected.events.compactMap(\.event.character))
    return failure.values.keys.filter(used.contains).sorted().map {
      LegendEntry(String($0), failure.values[$0]!.show)
    }
  }

  /// The characters the mismatch drew the actual events with: the expectation's letters
  /// where a value matches one, fresh ones (explained in its legend) otherwise.
  private static func actualGlyphs(_ failure: ExpectationFailure) -> [Character] {
    let drawn = try? MarbleDiagram(hot: failure.mismatch.actual)
    return drawn?.events.map(\.event.glyph) ?? []
  }

  private static func kind(_ event: MarbleEvent) -> Mark.Kind {
    switch event {
    case .next(let character): return .value(.string(String(character)))
    case .error: return .error("error")
    case .completed: return .completed
    }
  }
}

extension Array {
  fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
