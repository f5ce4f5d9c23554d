/// Text that cannot drive the terminal it is written to.
///
/// Text that did not come from pipe itself (a plugin's log and errors, a server's error body,
/// a value a script or plugin made, a file's name) may hold control characters: `ESC ] 0 ;`
/// sets the window's title, `ESC [ 2 J` clears the screen, `\u{9B}` is a one-byte `ESC [`,
/// a bidi override reorders what follows, BEL rings, backspace and carriage return write
/// over what was shown. Every such character is written visibly instead, as the language
/// writes it in a string literal (`\u{1B}`), so a person sees what was sent and nothing
/// happens. Line feeds and tabs stay. With `keepingStyles`, a colour sequence (SGR:
/// `ESC [` digits and `;` then `m`, what `Paint` makes) stays whole: only for a stream
/// that has colour, where pipe's own styles are in the text.
///
///     "\u{1B}]0;PWNED\u{07}x".neutralisingControls()  // \u{1B}]0;PWNED\u{7}x
///
/// In `.json` form each is written `\u001B` instead, which reads back as itself inside a JSON
/// string (the only place in a JSON line where such a character can be).
extension String {
  public func neutralisingControls(keepingStyles: Bool = false, form: ControlCharacters.Form = .pipe)
    -> String
  {
    guard !ControlCharacters.isPlainASCII(self) else { return self }
    guard unicodeScalars.contains(where: ControlCharacters.isControl) else { return self }
    var result = String.UnicodeScalarView()
    let scalars = Array(unicodeScalars)
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      if keepingStyles, scalar == "\u{1B}", let end = ControlCharacters.styleEnd(scalars, from: index) {
        result.append(contentsOf: scalars[index...end])
        index = end + 1
        continue
      }
      if ControlCharacters.isControl(scalar) {
        result.append(contentsOf: form.escape(scalar).unicodeScalars)
      } else {
        result.append(scalar)
      }
      index += 1
    }
    return String(result)
  }
}

/// Which characters `neutralisingControls` writes visibly.
public enum ControlCharacters {
  /// How a control character is written: as the pipe language (`\u{1B}`) or JSON (`\u001B`).
  public enum Form: Sendable {
    case pipe, json

    func escape(_ scalar: Unicode.Scalar) -> String {
      switch self {
      case .pipe: return "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      case .json:
        // Beyond the BMP (a tag character), JSON spells the UTF-16 pair.
        return String(Character(scalar)).utf16.map {
          let unit = String($0, radix: 16, uppercase: true)
          return "\\u" + String(repeating: "0", count: max(0, 4 - unit.count)) + unit
        }.joined()
      }
    }
  }

  /// C0 controls but line feed and tab, DEL, C1 controls, the bidi controls (U+061C,
  /// U+200E/F, U+202A–202E, U+2066–2069), and the invisible characters that hide or reorder
  /// text without a mark of their own: zero-width space and no-break (U+200B, U+2060–2064,
  /// U+FEFF), line and paragraph separators (U+2028/9), U+180E, the deprecated format
  /// controls (U+206A–206F), interlinear annotations (U+FFF9–FFFB) and the tag characters
  /// (U+E0000–E007F, which carry hidden ASCII). Zero-width joiners (U+200C/D) stay: emoji
  /// and scripts need them, and they hide nothing.
  /// A byte of ASCII that is no control character (`isControl` of it is false): printable,
  /// a tab or a line feed.
  @inline(__always) static func isPlainASCII(_ byte: UInt8) -> Bool {
    (byte >= 0x20 && byte < 0x7F) || byte == 0x0A || byte == 0x09
  }

  /// Whether `text` is plain ASCII alone (`isPlainASCII` of each byte), its bytes read in
  /// place where they are contiguous: the common line, which `neutralisingControls` returns
  /// as it is.
  public static func isPlainASCII(_ text: String) -> Bool {
    // `withUTF8` reads a small string's bytes from a copy on the stack and a native one in
    // place (`utf8.withContiguousStorageIfAvailable` cost three times as much on a short line).
    var text = text
    return text.withUTF8 { isPlainASCII(UnsafeRawBufferPointer($0)) }
  }

  /// `isPlainASCII` of each byte, eight at a time: a word none of whose bytes is beyond
  /// ASCII, below space or DEL is plain; a word with one (a tab, a line feed, or a control)
  /// is looked at byte by byte.
  public static func isPlainASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    func isPrintable(_ word: UInt64) -> Bool {
      let belowSpace = (word &- ones &* 0x20) & ~word & highs
      let delete = word ^ (ones &* 0x7F)
      let isDelete = (delete &- ones) & ~delete & highs
      return (word & highs) | belowSpace | isDelete == 0
    }
    var offset = 0
    while offset + 8 <= bytes.count {
      if !isPrintable(bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) {
        for index in offset..<offset + 8 where !isPlainASCII(bytes[index]) { return false }
      }
      offset += 8
    }
    guard offset < bytes.count else { return true }
    // The last bytes, fewer than eight, as one word filled out with spaces: a short line (a
    // number, a word) is one test, not a test of each byte.
    var tail = ones &* 0x20
    withUnsafeMutableBytes(of: &tail) {
      $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[offset...]))
    }
    if isPrintable(tail) { return true }
    for index in offset..<bytes.count where !isPlainASCII(bytes[index]) { return false }
    return true
  }

  public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A, 0x09: false
    case 0x00...0x1F, 0x7F...0x9F: true
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    case 0x180E, 0x200B, 0x2028, 0x2029, 0x2060...0x2064, 0x206A...0x206F, 0xFEFF, 0xFFF9...0xFFFB: true
    case 0xE0000...0xE007F: true
    default: false
    }
  }

  /// The index of the `m` that ends a colour sequence starting at `start` (an ESC).
  static func styleEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
    guard start + 2 < scalars.count, scalars[start + 1] == "[" else { return nil }
    var index = start + 2
    while index < scalars.count, index - start < 64 {
      let scalar = scalars[index]
      if scalar == "m" { return index }
      guard scalar == ";" || ("0"..."9").contains(scalar) else { return nil }
      index += 1
    }
    return nil
  }
}
