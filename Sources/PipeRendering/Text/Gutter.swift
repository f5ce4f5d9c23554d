import PipeDSL
import TerminalText

/// The left part of a diagram's rows: the stage's text, indented as a tree for nested
/// pipelines, and, for stages subscribed more than once, which subscription the row is: its
/// number (`↻2` subscribed again), or inside a flatMap the value its sub-pipeline runs for.
///
///     cold "-#"                          1
///                                       ↻2
///     flatMap (weather . | retry 2)
///     └ weather .                 "London"
///                                  "xyzzy"
///                                       ↻2
///                                  "Paris"
struct Gutter {
  let display: Display
  /// Columns of the tree and label part.
  let labelWidth: Int
  /// Columns of the subscription numbers (0 when every stage ran once).
  let numberWidth: Int

  init(lanes: [Lane], display: Display) {
    self.display = display
    let widest = lanes.map { Self.prefix($0, display.glyphs).displayWidth + $0.label.displayWidth }.max() ?? 0
    labelWidth = min(widest, max(12, display.width * 2 / 5))
    numberWidth = lanes.map { Self.number($0, display.glyphs).displayWidth }.max() ?? 0
  }

  /// Where the lanes start.
  var width: Int { labelWidth + 1 + (numberWidth > 0 ? numberWidth + 1 : 0) + 1 }

  func line(for lane: Lane) -> StyledLine {
    var line = StyledLine(width: width)
    let glyphs = display.glyphs
    let prefix = Self.prefix(lane, glyphs)
    line.put(prefix, at: 0, .dim)
    if lane.isFirstOfStage {
      let room = max(1, labelWidth - prefix.displayWidth)
      line.put(lane.label.truncated(toWidth: room, ellipsis: glyphs.ellipsis), at: prefix.displayWidth, .bold)
    }
    let number = Self.number(lane, glyphs)
    line.put(number.leftPadded(toWidth: numberWidth), at: labelWidth + 1, .attempt)
    return line
  }

  /// The tree lines before a label: a branch on the stage's first row, the trunk below it.
  static func prefix(_ lane: Lane, _ glyphs: Glyphs) -> String {
    var text = ""
    for (level, more) in lane.branches.enumerated() {
      if level == lane.branches.count - 1 && lane.isFirstOfStage {
        text += more ? glyphs.branch : glyphs.lastBranch
      } else {
        text += more ? glyphs.trunk : glyphs.gap
      }
    }
    return text
  }

  /// `1` on a stage's first row, `↻2` on its second subscription, nothing for a stage that
  /// was subscribed once. Inside a sub-pipeline per value, the value on its first
  /// subscription for that value, and `↻2` on the next one for the same value.
  static func number(_ lane: Lane, _ glyphs: Glyphs) -> String {
    switch lane.kind {
    case .subscription(let number, let count) where count > 1:
      if let origin = lane.origin {
        return origin.attempt == 1 ? element(origin.element, glyphs) : glyphs.again + "\(origin.attempt)"
      }
      return number == 1 ? "1" : glyphs.again + "\(number)"
    case .omitted: return glyphs.moreRows
    default: return ""
    }
  }

  /// A value as the label of its sub-pipeline's lane: at most 12 columns, a string in
  /// quotes (`"San Franc…"`).
  static func element(_ value: Value, _ glyphs: Glyphs) -> String {
    if case .string(let text) = value {
      let short = text.truncated(toWidth: 10, ellipsis: glyphs.ellipsis)
      return Value.string(short).literal.truncated(toWidth: 12, ellipsis: glyphs.ellipsis)
    }
    return value.show.truncated(toWidth: 12, ellipsis: glyphs.ellipsis)
  }
}
