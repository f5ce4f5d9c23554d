/// Reads RxJS marble syntax, in the TestScheduler's run mode (one frame per millisecond).
///
///     diagram     = { " " | "-" | time | event | marker | "(" { " " | event | marker } ")" }
///     time        = digits [ "." digits ] ( "ms" | "s" | "m" )   (* after a space or at the start,
///                                                                   before a space or at the end *)
///     event       = "|" | "#" | any other character (a value)
///     marker      = "^" | "!"
///
/// Every character but a space, `!` and a time takes one frame; a group puts its events on
/// the frame of its `(` and takes as many frames as it has characters, parentheses included.
struct MarbleParser {
  private let text: [Character]
  let kind: MarbleDiagram.Kind
  private var index = 0
  private var frame = Time.zero
  private var group: (frame: Time, column: Int, members: Int)?
  var ending: Character?
  var diagram = MarbleDiagram()
  var unsubscriptionColumn = 0

  init(text: String, kind: MarbleDiagram.Kind) {
    self.text = Array(text)
    self.kind = kind
  }

  private static let frameLength = Time.milliseconds(1)

  var column: Int { index + 1 }

  /// The diagram, with event times measured from its `^` (or first column).
  consuming func parse() throws(MarbleSyntaxError) -> MarbleDiagram {
    while index < text.count {
      try step()
    }
    if let group { throw MarbleSyntaxError(.unclosedGroup, column: group.column) }
    try checkUnsubscription()
    diagram.events = diagram.events(shiftedBy: .zero - (diagram.subscription ?? .zero))
    return diagram
  }

  private mutating func step() throws(MarbleSyntaxError) {
    let character = text[index]
    if character.isWhitespace {
      index += 1
    } else if let reading = timeProgression() {
      try progress(reading)
    } else {
      try read(character)
      index += 1
    }
  }

  /// A time progression starts the diagram or follows a space.
  private func timeProgression() -> MarbleTime.Reading? {
    guard index == 0 || text[index - 1].isWhitespace else { return nil }
    return MarbleTime.read(text[index...])
  }

  private mutating func progress(_ reading: MarbleTime.Reading) throws(MarbleSyntaxError) {
    switch reading {
    case .tooLong(let length):
      throw MarbleSyntaxError(.timeTooLong(written(length)), column: column)
    case .time(let time, let length):
      if group != nil { throw MarbleSyntaxError(.timeInGroup(written(length)), column: column) }
      guard time <= MarbleTime.limit - frame else {
        throw MarbleSyntaxError(.timeTooLong(written(length)), column: column)
      }
      frame = frame + time
      index += length
    }
  }

  private func written(_ length: Int) -> String { String(text[index..<index + length]) }

  private mutating func read(_ character: Character) throws(MarbleSyntaxError) {
    switch character {
    case "-":
      if group != nil { throw MarbleSyntaxError(.timeInGroup("-"), column: column) }
      frame = frame + Self.frameLength
    case "(": try openGroup()
    case ")": try closeGroup()
    case "^": try subscribe()
    case "!": try unsubscribe()
    case "|": try emit(.completed)
    case "#": try emit(.error)
    default: try emit(.next(character))
    }
  }

  private mutating func openGroup() throws(MarbleSyntaxError) {
    if group != nil { throw MarbleSyntaxError(.nestedGroup, column: column) }
    group = (frame, column, 0)
    frame = frame + Self.frameLength
  }

  private mutating func closeGroup() throws(MarbleSyntaxError) {
    guard let open = group else { throw MarbleSyntaxError(.unmatchedGroupEnd, column: column) }
    if open.members == 0 { throw MarbleSyntaxError(.emptyGroup, column: open.column) }
    group = nil
    frame = frame + Self.frameLength
  }

  /// The frame an event or marker read now stands on: its group's, or the current one.
  mutating func place(advancing: Bool) -> Time {
    let at = group?.frame ?? frame
    group?.members += 1
    if advancing { frame = frame + Self.frameLength }
    return at
  }
}
