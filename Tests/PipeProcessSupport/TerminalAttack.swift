/// Text that would drive a terminal, for the tests that check pipe writes it visibly: a
/// window title, a screen clear, a C1 CSI, a bidi override, backspace, carriage return, a bell,
/// and invisible characters that hide text: a zero-width space, a BOM, a line separator and a
/// tag character (hidden ASCII).
public enum TerminalAttack {
  /// The attack as a Python string literal.
  public static let python =
    #""\x1b]0;PWNED\x07\x1b[2J\u009b31m\u202e\x08\r\x07" "# + #""\u200b\ufeff\u2028\U000e0041""#

  /// The attack itself.
  public static let raw =
    "\u{1B}]0;PWNED\u{07}\u{1B}[2J\u{9B}31m\u{202E}\u{08}\r\u{07}\u{200B}\u{FEFF}\u{2028}\u{E0041}"

  /// The attack as pipe writes it: every control character visible.
  public static let shown =
    #"\u{1B}]0;PWNED\u{7}\u{1B}[2J\u{9B}31m\u{202E}\u{8}\u{D}\u{7}\u{200B}\u{FEFF}\u{2028}\u{E0041}"#

  /// The control characters in `text` (but line feed and tab), as `U+001B`: none may be in
  /// what pipe writes of text from outside.
  public static func controls(in text: String) -> [String] {
    text.unicodeScalars.filter {
      switch $0.value {
      case 0x0A, 0x09: false
      case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
      case 0x200B, 0x2028, 0x2029, 0xFEFF, 0xE0000...0xE007F: true
      default: false
      }
    }.map { "U+" + String($0.value, radix: 16, uppercase: true) }
  }

  /// A Python plugin `evil` (source `evil`) that sends the attack everywhere a plugin can:
  /// in its version and its source's doc, on stderr, as a `log`, in a value and in an error.
  public static let plugin = PythonPlugin.source(
    name: "evil", sources: ["evil"],
    hello: #"""
      {"type": "hello", "protocol": 1, "name": "evil", "version": "1.0" + E,
       "sources": [{"name": "evil", "doc": "doc" + E}], "errors": ["evil"]}
      """#.replacingOccurrences(of: "\n", with: " "),
    beforeHello: """
      E = \(python)
      sys.stderr.write("stderr" + E + "\\n")
      sys.stderr.flush()
      send({"type": "log", "message": "log" + E})
      """,
    onSubscribe: """
      send({"type": "next", "id": m["id"], "value": "value" + E})
      send({"type": "error", "id": m["id"], "kind": "evil", "message": "message" + E})
      """)
}
