/// How many columns of a terminal text takes: the one measure the diagrams, tables, help,
/// completion lists and diagnostics' carets all use.
///
///     DisplayWidth.of("Oslo")        // 4
///     DisplayWidth.of("東京")        // 4: East Asian Wide and Fullwidth characters take two
///     DisplayWidth.of("e\u{301}")    // 1: a combining mark takes none
///     DisplayWidth.of("👍🏽")          // 2: an emoji, with or without modifiers
///     DisplayWidth.of("\u{1B}[1mhi\u{1B}[0m")  // 2: escape sequences take none
///
/// Widths are measured per character (grapheme cluster), as terminals draw them: an emoji
/// sequence or a character with an emoji variation selector takes two columns; otherwise
/// each code point counts, wide ones two, combining marks, format and control characters
/// none. A tab counts `tabWidth` (the diagnostics show tabs as that many spaces).
public enum DisplayWidth {
  /// The columns a tab stands for.
  public static let tabWidth = 4

  /// The columns `text` takes, ANSI escape sequences (colours, cursor moves) not counted.
  public static func of(_ text: some StringProtocol) -> Int {
    if let columns = printableASCII(text) { return columns }
    var width = 0
    var escape = EscapeScanner()
    for character in text where !escape.consumes(character) {
      width += of(character)
    }
    return width
  }

  /// The columns of text made of printable ASCII alone (space to `~`), one each, as
  /// `of(_:)` counts them character by character; nil for any other text.
  public static func printableASCII(_ text: some StringProtocol) -> Int? {
    printableASCII(bytes: text.utf8)
  }

  /// `printableASCII` of a `String`, compiled for it (callers in other modules get no
  /// generic, unspecialised walk).
  /// Its bytes are read in place where the string has them contiguous (native and small
  /// strings: all but a bridged one), not through the UTF-8 view's iterator.
  public static func printableASCII(_ text: String) -> Int? {
    if let columns = text.utf8.withContiguousStorageIfAvailable({ printableASCII(bytes: $0) }) {
      return columns
    }
    return printableASCII(bytes: text.utf8)
  }

  @inline(__always) private static func printableASCII(bytes: some Sequence<UInt8>) -> Int? {
    var count = 0
    for byte in bytes {
      guard byte >= 0x20 && byte < 0x7F else { return nil }
      count += 1
    }
    return count
  }

  /// `of(_:)` of a `String`, compiled for it.
  public static func of(_ text: String) -> Int {
    if let columns = printableASCII(text) { return columns }
    return of(text[...])
  }

  /// The columns one character takes: 0, 1 or 2.
  public static func of(_ character: Character) -> Int {
    if let ascii = character.asciiValue, ascii >= 0x20 && ascii < 0x7F { return 1 }
    if character == "\t" { return tabWidth }
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if scalars.count > 1 && isEmojiSequence(scalars) { return 2 }
    if scalars.count == 1 { return of(first) }
    return scalars.reduce(0) { $0 + of($1) }
  }

  /// The columns one code point takes on its own: 0 for combining marks, format and control
  /// characters, 2 for East Asian Wide and Fullwidth ones and emoji, else 1.
  public static func of(_ scalar: Unicode.Scalar) -> Int {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control: return 0
    default: break
    }
    if EastAsianWidth.isZeroWidthJamo(scalar.value) { return 0 }
    if scalar.properties.isEmojiPresentation || EastAsianWidth.isWide(scalar.value) { return 2 }
    return 1
  }

  /// An emoji drawn as a picture: a variation selector 16, a joiner between emoji, a keycap,
  /// a skin tone or a flag (two regional indicators).
  private static func isEmojiSequence(_ scalars: Character.UnicodeScalarView) -> Bool {
    scalars.first!.properties.isEmojiPresentation
      || scalars.contains { $0 == "\u{FE0F}" || $0 == "\u{20E3}" || $0.properties.isEmojiModifier }
  }
}

/// Skips ANSI escape sequences character by character: CSI (`ESC [ … final`), OSC
/// (`ESC ] … BEL` or `ESC ] … ESC \`) and two-character escapes.
struct EscapeScanner {
  private enum State { case text, escape, csi, osc, oscEscape }
  private var state = State.text

  /// Whether `character` belongs to an escape sequence (and so takes no column).
  mutating func consumes(_ character: Character) -> Bool {
    let value = character.unicodeScalars.first?.value ?? 0
    switch state {
    case .text:
      guard value == 0x1B else { return false }
      state = .escape
    case .escape:
      state = value == 0x5B ? .csi : value == 0x5D ? .osc : .text
    case .csi:
      if (0x40...0x7E).contains(value) { state = .text }
    case .osc:
      if value == 0x07 { state = .text } else if value == 0x1B { state = .oscEscape }
    case .oscEscape:
      state = value == 0x5C ? .text : .osc
    }
    return true
  }
}

extension StringProtocol {
  /// The columns the text takes on a terminal (`DisplayWidth.of`).
  public var displayWidth: Int { DisplayWidth.of(self) }
}

extension String {
  /// The columns the text takes on a terminal (`DisplayWidth.of`), compiled for a `String`.
  public var displayWidth: Int { DisplayWidth.of(self) }
}

extension String {
  /// The text followed by spaces to fill `width` columns (never cut).
  public func padded(toWidth width: Int) -> String {
    let missing = width - displayWidth
    return missing > 0 ? self + String(repeating: " ", count: missing) : self
  }

  /// The text after spaces that right-align it in `width` columns (never cut).
  public func leftPadded(toWidth width: Int) -> String {
    let missing = width - displayWidth
    return missing > 0 ? String(repeating: " ", count: missing) + self : self
  }

  /// The text cut to at most `width` columns, ending in `ellipsis` when cut; a wide
  /// character that would straddle the limit is left out whole.
  public func truncated(toWidth width: Int, ellipsis: String) -> String {
    guard displayWidth > width else { return self }
    let room = width - ellipsis.displayWidth
    guard room >= 0 else { return prefix(toWidth: width) }
    return prefix(toWidth: room) + ellipsis
  }

  /// The longest start of the text that fits in `width` columns.
  public func prefix(toWidth width: Int) -> String {
    var result = ""
    var used = 0
    for character in self {
      let columns = DisplayWidth.of(character)
      if used + columns > width { break }
      result.append(character)
      used += columns
    }
    return result
  }

  /// The text with every tab replaced by `DisplayWidth.tabWidth` spaces, as measured.
  public func expandingTabs() -> String {
    guard contains("\t") else { return self }
    let spaces = String(repeating: " ", count: DisplayWidth.tabWidth)
    var result = ""
    result.reserveCapacity(utf8.count)
    for character in self {
      if character == "\t" { result += spaces } else { result.append(character) }
    }
    return result
  }
}
