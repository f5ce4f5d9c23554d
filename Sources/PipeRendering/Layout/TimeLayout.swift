import Operators

/// Maps a run's times to columns, shared by every lane so that what happened at the same
/// time lines up.
///
/// Time is linear where there is room. Instants that fall on the same column form a slot,
/// as wide as its widest lane's drawing (`(ab|)` takes five columns); a slot that would
/// overlap the one before it is pushed right, and when the pushes would run past the
/// width the linear part is shrunk until everything fits. A 0 ms run is one slot; an hour
/// is spread over the width.
struct TimeLayout {
  struct Slot {
    var first: Time
    var last: Time
    var x: Int
    var width: Int
  }

  let duration: Time
  /// Columns of the linear part.
  private(set) var span: Int
  private(set) var slots: [Slot] = []
  /// Per lane, per slot index, what the lane draws there.
  private(set) var tokens: [[Int: [Token]]] = []

  /// Lays out `lanes` (their marks) in `width` columns; `measure` says how many columns a
  /// token takes.
  init(lanes: [[Mark]], duration: Time, width: Int, measure: (Token) -> Int) {
    self.duration = duration
    span = max(0, width - 1)
    for _ in 0..<40 {
      place(lanes, measure: measure)
      guard self.width > width, span > 0 else { break }
      span = max(0, min(span - 1, span * width / self.width))
    }
  }

  /// Columns from the first to the last drawn.
  var width: Int {
    let slotsEnd = slots.last.map { $0.x + $0.width } ?? 0
    return max(slotsEnd, column(of: duration) + 1)
  }

  /// Whether some lane draws values too close together to tell apart.
  var drawsMany: Bool { draws { if case .many = $0 { true } else { false } } }

  /// Whether some lane draws a group of events at the same instant.
  var drawsGroups: Bool { draws { if case .events(let kinds) = $0 { kinds.count > 1 } else { false } } }

  private func draws(_ test: (Token) -> Bool) -> Bool {
    tokens.contains { lane in lane.values.contains { $0.contains(where: test) } }
  }

  /// Where `time` would go on a linear axis.
  func ideal(_ time: Time) -> Int {
    guard duration > .zero else { return 0 }
    return Int((Double(time.nanoseconds) / Double(duration.nanoseconds) * Double(span)).rounded())
  }

  /// The column of `time`: its slot's, or between the slots around it.
  func column(of time: Time) -> Int {
    let before = slots.lastIndex { $0.first <= time }
    if let before, time <= slots[before].last { return slots[before].x }
    let floor = before.map { slots[$0].x + slots[$0].width } ?? 0
    let next = before.map { $0 + 1 } ?? 0
    let ceiling = next < slots.count ? slots[next].x - 1 : Int.max
    return max(floor, min(ideal(time), ceiling))
  }

  private mutating func place(_ lanes: [[Mark]], measure: (Token) -> Int) {
    let times = Set(lanes.flatMap { $0.map(\.time) }).sorted()
    var groups: [[Time]] = []
    for time in times {
      if let last = groups.last?.last, ideal(last) == ideal(time) {
        groups[groups.count - 1].append(time)
      } else {
        groups.append([time])
      }
    }
    tokens = lanes.map { marks in Self.tokens(of: marks, in: groups) }
    slots = []
    for (index, group) in groups.enumerated() {
      let drawn = tokens.compactMap { $0[index] }
      let width = max(1, drawn.map { $0.reduce(0) { $0 + measure($1) } }.max() ?? 1)
      var x = ideal(group[0])
      if let previous = slots.last {
        let gap = needsGap(before: index) ? 1 : 0
        x = max(x, previous.x + previous.width + gap)
      }
      slots.append(Slot(first: group[0], last: group[group.count - 1], x: x, width: width))
    }
  }

  /// Two values in neighbouring slots of one lane would read as one label: `1` `2` as `12`.
  private func needsGap(before index: Int) -> Bool {
    tokens.contains { lane in
      guard let previous = lane[index - 1]?.last, let next = lane[index]?.first else { return false }
      return previous.isLoneValue && next.isLoneValue
    }
  }

  private static func tokens(of marks: [Mark], in groups: [[Time]]) -> [Int: [Token]] {
    var result: [Int: [Token]] = [:]
    var start = marks.startIndex
    var group = 0
    while start < marks.endIndex {
      while let last = groups[group].last, marks[start].time > last { group += 1 }
      let last = groups[group].last!
      let end = marks[start...].firstIndex { $0.time > last } ?? marks.endIndex
      result[group] = Token.tokens(for: marks[start..<end])
      start = end
    }
    return result
  }
}
