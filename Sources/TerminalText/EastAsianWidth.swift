/// The code points the Unicode Standard's East Asian Width property (UAX #11) calls Wide or
/// Fullwidth, which a terminal draws in two columns. Emoji with the Emoji_Presentation
/// property are Wide too and are found through that property instead.
enum EastAsianWidth {
  /// Whether the code point is East Asian Wide (W) or Fullwidth (F).
  static func isWide(_ value: UInt32) -> Bool {
    guard value >= 0x1100 else { return false }
    var low = 0
    var high = wide.count - 1
    while low <= high {
      let middle = (low + high) / 2
      if wide[middle].upperBound < value {
        low = middle + 1
      } else if wide[middle].lowerBound > value {
        high = middle - 1
      } else {
        return true
      }
    }
    return false
  }

  /// Hangul vowels and final consonants, which join the syllable before them and take no
  /// column of their own.
  static func isZeroWidthJamo(_ value: UInt32) -> Bool {
    (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value)
  }

  /// The Wide and Fullwidth ranges, sorted, outside the emoji blocks.
  private static let wide: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x2E99, 0x2E9B...0x2EF3, 0x2F00...0x2FD5,
    0x2FF0...0x2FFF, 0x3000...0x303E, 0x3041...0x3096, 0x3099...0x30FF, 0x3105...0x312F,
    0x3131...0x318E, 0x3190...0x31E3, 0x31EF...0x321E, 0x3220...0x3247, 0x3250...0x4DBF,
    0x4E00...0xA48C, 0xA490...0xA4C6, 0xA960...0xA97C, 0xAC00...0xD7A3, 0xF900...0xFAFF,
    0xFE10...0xFE19, 0xFE30...0xFE52, 0xFE54...0xFE66, 0xFE68...0xFE6B, 0xFF01...0xFF60,
    0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x16FF0...0x16FF1, 0x17000...0x187F7, 0x18800...0x18CD5,
    0x18D00...0x18D08, 0x1AFF0...0x1AFFE, 0x1B000...0x1B122, 0x1B132...0x1B132, 0x1B150...0x1B152,
    0x1B155...0x1B155, 0x1B164...0x1B167, 0x1B170...0x1B2FB, 0x1F200...0x1F202, 0x1F210...0x1F23B,
    0x1F240...0x1F248, 0x1F250...0x1F251, 0x1F260...0x1F265, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
  ]
}
