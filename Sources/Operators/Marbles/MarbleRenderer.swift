/// Draws events back as a marble diagram, in the syntax `MarbleParser` reads.
///
/// A gap of up to `maxDashes` whole frames is drawn as dashes, a longer one as a time
/// progression between spaces (`a 99ms b`), events on one frame as a group (`(ab)`). A group
/// takes its length in frames, as in RxJS, so an event less than that after a group cannot
/// be drawn at its time: it is drawn right after the group.
struct MarbleRenderer {
  /// One thing to draw: an event, `^` or `!`, on a frame counted from the first column.
  struct Token {
    var frame: Time
    var glyph: Character
    /// Whether it takes a frame (`!` does not).
    var advances = true
  }

  let maxDashes: Int
  private var text = ""
  private var cursor = Time.zero

  init(maxDashes: Int) { self.maxDashes = maxDashes }

  /// Draws `tokens`, which must be sorted by frame.
  consuming func render(_ tokens: [Token]) -> String {
    var start = tokens.startIndex
    while start < tokens.endIndex {
      let frame = tokens[start].frame
      let end = tokens[start...].firstIndex { $0.frame != frame } ?? tokens.endIndex
      draw(tokens[start..<end])
      start = end
    }
    if endsWithATime { text += "-" }  // `198ms` at the end would read as a time, `198ms-` does not
    return text
  }

  private mutating func draw(_ group: ArraySlice<Token>) {
    let first = group[group.startIndex]
    skip(first.frame - cursor, beforeDigit: group.count == 1 && first.glyph.isASCII && first.glyph.isNumber)
    let advancing = Int64(group.count { $0.advances })
    if group.count == 1 {
      text.append(first.glyph)
      cursor = first.frame + .milliseconds(advancing)
    } else {
      text += "(" + String(group.map(\.glyph)) + ")"
      cursor = first.frame + .milliseconds(2 + advancing)
    }
  }

  /// Draws a gap as dashes or as a time progression.
  private mutating func skip(_ gap: Time, beforeDigit: Bool) {
    guard gap > .zero else { return }
    let frames = gap.nanoseconds / 1_000_000
    if gap == .milliseconds(frames) && frames <= maxDashes {
      text += String(repeating: "-", count: Int(frames))
      return
    }
    // Values that spell a time (1, 9, 8, m, s) would read as one before the space: a dash
    // closes them. A gap under a frame cannot hold the dash: the event comes after it, late.
    if endsWithATime {
      text += "-"
      skip(gap - .milliseconds(1), beforeDigit: beforeDigit)
      return
    }
    // A digit right after the space could read as the start of another time.
    let dash = beforeDigit && gap > .milliseconds(1)
    let progression = dash ? gap - .milliseconds(1) : gap
    if !text.isEmpty { text += " " }
    text += MarbleTime.format(progression) + " " + (dash ? "-" : "")
  }

  /// Whether the last word drawn (after the last space) reads as a time progression.
  private var endsWithATime: Bool {
    let word = text.reversed().prefix { !$0.isWhitespace }
    return MarbleTime.read(ArraySlice(word.reversed())) != nil
  }
}
