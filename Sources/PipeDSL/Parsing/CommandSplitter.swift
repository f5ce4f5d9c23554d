/// Splits a prompt command's line into its name and words.
///
///     :load "my scripts/retry.pipe" fast
///     // name load, words ["my scripts/retry.pipe", "fast"]
enum CommandSplitter {
  static func split(_ token: Token) -> Command? {
    let bytes = Array(token.text.utf8)
    let base = token.span.start
    var words = words(in: bytes, base: base)
    guard !words.isEmpty, bytes.count > 1, bytes[1] != UInt8(ascii: " ") else { return nil }
    let first = words.removeFirst()
    let name = Name(String(first.text.dropFirst()), Span(first.span.start + 1, first.span.end))
    guard !name.text.isEmpty else { return nil }
    var restStart = first.span.end - base
    while restStart < bytes.count, bytes[restStart] == UInt8(ascii: " ") { restStart += 1 }
    let rest = Command.Word(
      String(decoding: bytes[restStart...], as: UTF8.self), Span(base + restStart, token.span.end))
    return Command(name: name, words: words, rest: rest)
  }

  /// Words separated by spaces or tabs; `"..."` keeps spaces, with `\"` and `\\` inside.
  private static func words(in bytes: [UInt8], base: Int) -> [Command.Word] {
    var words: [Command.Word] = []
    var index = 0
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
        index += 1
        continue
      }
      let start = index
      var word: [UInt8] = []
      var quoted = false
      while index < bytes.count, quoted || (bytes[index] != UInt8(ascii: " ") && bytes[index] != 9) {
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: "\"") {
          quoted.toggle()
        } else if quoted, byte == UInt8(ascii: "\\"), index < bytes.count {
          word.append(bytes[index])
          index += 1
        } else {
          word.append(byte)
        }
      }
      words.append(Command.Word(String(decoding: word, as: UTF8.self), Span(base + start, base + index)))
    }
    return words
  }
}
