/// Reads what the exporters need of a marble diagram: which characters stand for values.
enum MarbleText {
  /// The value letters of the diagrams, without the pauses' digits (`100ms`, `2s`).
  ///
  ///     MarbleText.valueLetters(["-a 40ms b|"])  // ["a", "b"]
  static func valueLetters(_ diagrams: [String]) -> Set<Character> {
    var letters: Set<Character> = []
    for diagram in diagrams {
      var rest = Substring(diagram)
      while let character = rest.first {
        if character.isNumber, let pause = pauseLength(rest) {
          rest = rest.dropFirst(pause)
          continue
        }
        rest = rest.dropFirst()
        if !"-()|#^ ".contains(character) { letters.insert(character) }
      }
    }
    return letters
  }

  /// The events of a diagram with their frames (1 ms each): a letter, `#` or `|`.
  ///
  ///     MarbleText.events("-a-(b|)")  // [(1, "a"), (3, "b"), (3, "|")]
  static func events(_ diagram: String) -> [(time: Int, event: Character)] {
    var events: [(time: Int, event: Character)] = []
    var time = 0
    var inGroup = false
    var rest = Substring(diagram)
    while let character = rest.first {
      if character.isNumber, let pause = pauseLength(rest) {
        time += milliseconds(rest.prefix(pause))
        rest = rest.dropFirst(pause)
        continue
      }
      rest = rest.dropFirst()
      switch character {
      case "-": time += 1
      case " ", "^": break
      case "(": inGroup = true
      case ")":
        inGroup = false
        time += 1
      default:
        events.append((time, character))
        if !inGroup { time += 1 }
      }
    }
    return events
  }

  private static func milliseconds(_ pause: Substring) -> Int {
    let number = Double(pause.prefix { $0.isNumber || $0 == "." }) ?? 0
    if pause.hasSuffix("ms") { return Int(number) }
    return Int(number * (pause.hasSuffix("m") ? 60_000 : 1000))
  }

  /// The length of the pause at the start of `text` (`100ms`, `1.5s`), or nil.
  private static func pauseLength(_ text: Substring) -> Int? {
    let number = text.prefix { $0.isNumber || $0 == "." }
    let rest = text.dropFirst(number.count)
    if rest.hasPrefix("ms") { return number.count + 2 }
    if rest.hasPrefix("s") || rest.hasPrefix("m") { return number.count + 1 }
    return nil
  }
}
