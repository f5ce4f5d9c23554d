/// Reading a script's bytes: UTF-8, or a diagnostic at the first byte that is not.
extension SourceFile {
  /// The file the bytes make, and for invalid UTF-8 a diagnostic at the first bad byte; the
  /// file then holds the text with U+FFFD in place of bad bytes, so the message can show
  /// its line. A file, standard input and `:load` all read this way.
  ///
  ///     SourceFile.decoding([0x6A, 0xFF], name: "a.pipe").problem?.span  // 1..<4
  public static func decoding(_ bytes: [UInt8], name: String) -> (file: SourceFile, problem: Diagnostic?) {
    let file = SourceFile(name: name, text: String(decoding: bytes, as: UTF8.self))
    guard let bad = firstInvalidByte(in: bytes) else { return (file, nil) }
    return (file, .invalidUTF8(Span(bad, bad + 3), byte: bytes[bad]))
  }

  /// The offset of the first byte that starts no valid UTF-8 sequence, or nil.
  static func firstInvalidByte(in bytes: [UInt8]) -> Int? {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let scalar): offset += scalar.count
      case .error: return offset
      case .emptyInput: return nil
      }
    }
  }
}
