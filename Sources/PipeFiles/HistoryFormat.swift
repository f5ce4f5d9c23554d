import Foundation

/// What the history file holds: one entry per line, `\` and newlines escaped.
///
///     HistoryFormat.encode("a\\b\nc")                // #"a\\b\nc"#
///     HistoryFormat.lines(Array(#"a\\b\nc"#.utf8))   // ["a\\b\nc"]
///
/// Only the bytes: appending, locking and compacting the file is `HistoryFile`'s.
public enum HistoryFormat {
  /// Every line of `bytes`, decoded, repeats included; bytes that are not UTF-8 read as U+FFFD.
  public static func lines(_ bytes: [UInt8]) -> [String] {
    bytes.split(separator: 0x0A).map { decode(String(decoding: $0, as: UTF8.self)) }
  }

  /// One entry as one line, without its newline.
  public static func encode(_ entry: String) -> String {
    entry.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
  }

  /// One line back to its entry: `\n` is a newline, `\` before anything else keeps it.
  public static func decode(_ line: String) -> String {
    var result = ""
    var escaped = false
    for character in line {
      if escaped {
        result.append(character == "n" ? "\n" : character)
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else {
        result.append(character)
      }
    }
    return result
  }
}
