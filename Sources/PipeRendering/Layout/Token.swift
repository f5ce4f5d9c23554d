import Operators
import PipeDSL

/// What a lane draws in one slot of the time axis.
enum Token: Equatable, Sendable {
  case subscribed
  /// Events at the same instant; a nil item stands for events left out.
  case events([Mark.Kind?])
  /// Values at several instants that fall on one column: too close to draw apart.
  case many(Int)
  case disposed

  /// The tokens of one lane's marks that fall in one slot.
  ///
  /// Events at the same instant form one group, drawn `(ab|)`. Values at several instants
  /// of one slot are too close to tell apart at this scale: they are drawn as one `•`,
  /// followed by the stop event if there is one.
  static func tokens(for marks: ArraySlice<Mark>) -> [Token] {
    let valueTimes = Set(
      marks.filter { if case .value = $0.kind { return true } else { return false } }.map(\.time))
    if valueTimes.count > 1 { return crowded(marks) }
    var result: [Token] = []
    var index = marks.startIndex
    while index < marks.endIndex {
      let mark = marks[index]
      guard mark.isEvent else {
        result.append(mark.kind == .subscribed ? .subscribed : .disposed)
        index += 1
        continue
      }
      let end = marks[index...].firstIndex { !$0.isEvent || $0.time != mark.time } ?? marks.endIndex
      result.append(.events(shortened(marks[index..<end].map(\.kind))))
      index = end
    }
    return result
  }

  /// `^`, one `•` for all the values, then the stop and `!` as they come.
  private static func crowded(_ marks: ArraySlice<Mark>) -> [Token] {
    let values = marks.count { if case .value = $0.kind { return true } else { return false } }
    var result: [Token] = marks.first?.kind == .subscribed ? [.subscribed, .many(values)] : [.many(values)]
    for mark in marks {
      if mark.isStop { result.append(.events([mark.kind])) }
      if mark.kind == .disposed { result.append(.disposed) }
    }
    return result
  }

  /// A long same-instant group keeps its first three events, its last value and its stop.
  private static func shortened(_ kinds: [Mark.Kind]) -> [Mark.Kind?] {
    guard kinds.count > 6 else { return kinds }
    let tail = Array(kinds.suffix(kinds.last?.isStop == true ? 2 : 1))
    return Array(kinds.prefix(3)) + [nil] + tail
  }

  /// The values drawn by this token.
  var values: [Value] {
    guard case .events(let kinds) = self else { return [] }
    return kinds.compactMap { if case .value(let value)? = $0 { return value } else { return nil } }
  }

  /// How many columns the token takes on a terminal.
  func width(_ glyphs: Glyphs) -> Int {
    switch self {
    case .subscribed, .disposed, .many: return 1
    case .events(let kinds):
      let items = kinds.reduce(0) { $0 + ($1.map(Self.width) ?? glyphs.ellipsis.count) }
      let commas = zip(kinds, kinds.dropFirst()).count { Self.separates($0, $1) }
      return kinds.count > 1 ? items + commas + 2 : items
    }
  }

  static func width(_ kind: Mark.Kind) -> Int {
    if case .value(let value) = kind { return ValueLabels.width(of: value) }
    return 1
  }

  /// Values of more than one character are set apart in a group: `(10,20|)`, not `(1020|)`.
  static func separates(_ before: Mark.Kind?, _ after: Mark.Kind?) -> Bool {
    guard case .value(let first)? = before, case .value(let second)? = after else { return false }
    return ValueLabels.width(of: first) > 1 || ValueLabels.width(of: second) > 1
  }

  /// The character drawn for an event: its label for a value.
  static func glyph(_ kind: Mark.Kind, _ labels: ValueLabels) -> String {
    switch kind {
    case .value(let value): return labels[value]
    case .error: return "#"
    case .completed: return "|"
    case .subscribed: return "^"
    case .disposed: return "!"
    }
  }

  /// Whether the token ends a subscription's line: `#`, `|` or `!`.
  var ends: Bool {
    switch self {
    case .disposed: return true
    case .events(let kinds): return kinds.last??.isStop == true
    default: return false
    }
  }

  /// A lone value: the label's characters stand next to the slot's edge.
  var isLoneValue: Bool {
    guard case .events(let kinds) = self, kinds.count == 1, case .value? = kinds[0] else { return false }
    return true
  }
}
