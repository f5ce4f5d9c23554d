/// What the terminal's escape sequences become for libedit.
///
/// libedit's Ctrl-R search ends at an Escape and types the rest of a sequence into the line,
/// so every sequence is handed over as a key that is not Escape: the Emacs control keys
/// (Ctrl-F for Right, Ctrl-A for Home), or Ctrl-X and a letter bound to the editing function
/// (`bindings`). The search ends at such a key and libedit then carries it out, as it does
/// for any key the search does not use.
///
///     KeyTranslation.control("", final: UInt8(ascii: "C"))   // [6]: Ctrl-F, one right
///     KeyTranslation.control("3", final: UInt8(ascii: "~"))  // [24, 100]: Ctrl-X d, delete
enum KeyTranslation {
  static let escape: Int32 = 0x1B
  static let enter: Int32 = 0x0D
  static let tab: Int32 = 0x09
  static let newline: Int32 = 0x0A
  /// Ctrl-V: the next key is inserted as it is.
  static let quote: Int32 = 0x16
  static let start: Int32 = 0x01  // Ctrl-A
  static let end: Int32 = 0x05  // Ctrl-E
  static let right: Int32 = 0x06  // Ctrl-F
  static let left: Int32 = 0x02  // Ctrl-B
  static let previous: Int32 = 0x10  // Ctrl-P
  static let next: Int32 = 0x0E  // Ctrl-N
  /// Ctrl-X, which starts the sequences below.
  static let prefix: Int32 = 0x18
  static let deleteNext: [Int32] = [prefix, 0x64]  // Ctrl-X d
  static let wordRight: [Int32] = [prefix, 0x66]  // Ctrl-X f
  static let wordLeft: [Int32] = [prefix, 0x62]  // Ctrl-X b
  static let deleteWordRight: [Int32] = [prefix, 0x44]  // Ctrl-X D
  static let deleteWordLeft: [Int32] = [prefix, 0x7F]  // Ctrl-X Backspace

  /// The libedit `bind` commands for the Ctrl-X sequences (`rl_parse_and_bind`).
  static let bindings = [
    "bind ^Xd ed-delete-next-char", "bind ^Xf em-next-word", "bind ^Xb ed-prev-word",
    "bind ^XD em-delete-next-word", "bind ^X^? ed-delete-prev-word",
  ]

  /// `ESC [ parameters final` (or `ESC O final`, with no parameters): the keys it means, none
  /// for a key pipe does not use (F1, Insert, Page Up).
  static func control(_ parameters: String, final: UInt8) -> [Int32] {
    // A modifier (`1;5C` is Ctrl-Right, `1;3C` Alt-Right) makes the arrows move by words.
    let parts = parameters.split(separator: ";")
    let modified = parts.count > 1 && parts[1] != "1"
    switch (Character(UnicodeScalar(final)), parts.first ?? "") {
    case ("A", _): return [previous]
    case ("B", _): return [next]
    case ("C", _): return modified ? wordRight : [right]
    case ("D", _): return modified ? wordLeft : [left]
    case ("H", _), ("~", "1"), ("~", "7"): return [start]
    case ("F", _), ("~", "4"), ("~", "8"): return [end]
    case ("~", "3"): return modified ? deleteWordRight : deleteNext
    default: return []
    }
  }

  /// Alt (Escape) with a key: `Alt-b` and `Alt-f` move by words, `Alt-d` and `Alt-Backspace`
  /// delete one; other Alt keys go to libedit as they came.
  static func alt(_ key: UInt8) -> [Int32] {
    switch key {
    case UInt8(ascii: "b"): return wordLeft
    case UInt8(ascii: "f"): return wordRight
    case UInt8(ascii: "d"): return deleteWordRight
    case 0x7F, 0x08: return deleteWordLeft
    default: return [escape, Int32(key)]
    }
  }

  /// The keys that insert a pasted text as it is, line breaks included; a paste that ends
  /// with a line break is entered, as typing it would be.
  static func pasted(_ bytes: [UInt8]) -> [Int32] {
    var text = String(decoding: bytes, as: UTF8.self).unicodeScalars.map(Character.init).map {
      $0 == "\r" ? "\n" : $0
    }
    let entered = text.last == "\n"
    while text.last == "\n" { text.removeLast() }
    return quoted(String(text)) + (entered ? [enter] : [])
  }

  /// The keys that type `text` into the line: control characters (a line break, a tab) are
  /// quoted with Ctrl-V, so they are inserted rather than obeyed.
  static func quoted(_ text: String) -> [Int32] {
    var keys: [Int32] = []
    for scalar in text.unicodeScalars {
      if scalar.value < 0x20 || scalar.value == 0x7F { keys.append(quote) }
      keys.append(Int32(scalar.value))
    }
    return keys
  }

  /// Whether `bytes` (input not yet read) go on with a line that begins with `|`, once blank
  /// lines, `#` comments and a paste's start marker are skipped.
  static func beginsWithPipe(_ bytes: [UInt8]) -> Bool {
    let pasteStart = Array("\u{1B}[200~".utf8)
    var index = 0
    while index < bytes.count {
      if bytes[index...].starts(with: pasteStart) {
        index += pasteStart.count
        continue
      }
      switch bytes[index] {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"): index += 1
      case UInt8(ascii: "#"):
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n"), bytes[index] != UInt8(ascii: "\r") {
          index += 1
        }
      case let byte: return byte == UInt8(ascii: "|")
      }
    }
    return false
  }
}
