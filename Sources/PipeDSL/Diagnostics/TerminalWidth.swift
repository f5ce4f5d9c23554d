/// How many terminal columns text takes: wide East Asian characters and emoji take two,
/// a tab is expanded to four spaces.
enum TerminalWidth {
  static let tabWidth = 4

  static func of(_ text: some StringProtocol) -> Int {
    text.reduce(0) { $0 + of($1) }
  }

  static func of(_ character: Character) -> Int {
    if character == "\t" { return tabWidth }
    guard let first = character.unicodeScalars.first else { return 0 }
    if first.properties.generalCategory == .control { return 0 }
    if character.unicodeScalars.contains("\u{FE0F}") { return 2 }
    if first.properties.isEmojiPresentation || isWide(first.value) { return 2 }
    return 1
  }

  /// The line as a terminal shows it, tabs expanded.
  static func expandTabs(_ text: String) -> String {
    text.replacingTabs(with: String(repeating: " ", count: tabWidth))
  }

  private static func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF,
      0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
      return true
    default:
      return false
    }
  }
}

extension String {
  fileprivate func replacingTabs(with spaces: String) -> String {
    var result = ""
    result.reserveCapacity(utf8.count)
    for character in self {
      if character == "\t" { result += spaces } else { result.append(character) }
    }
    return result
  }
}
