import Foundation
import PipeDSL
import TerminalText

/// A script on standard input, read a piece at a time so that a text of any length (`yes
/// 'just 1 | discard' | pipe`) runs in constant memory: a text of up to `whole` bytes is
/// one piece, as a file is; a longer one is cut after the last line that ends a statement
/// once `whole` bytes wait, and each piece runs before the next is read.
struct InputPieces: Sequence, IteratorProtocol {
  /// A text this long or shorter runs whole, as `pipe run` runs a file.
  static let whole = 256 << 10
  /// One statement may be this long; past it, reading stops with an error.
  static let longestStatement = 16 << 20

  let descriptor: Int32
  let name: String
  let paint: Paint
  private var buffer: [UInt8] = []
  private var nextLine = 1
  private var ended = false
  private var gaveAny = false

  init(descriptor: Int32 = STDIN_FILENO, name: String = "<stdin>", paint: Paint) {
    self.descriptor = descriptor
    self.name = name
    self.paint = paint
  }

  mutating func next() -> Result<SourceFile, ScriptSource.Failure>? {
    while true {
      if ended {
        guard !buffer.isEmpty || !gaveAny else { return nil }
        return take(buffer.count)
      }
      if buffer.count >= Self.whole, let cut = statementsEnd() { return take(cut) }
      if buffer.count > Self.longestStatement {
        ended = true
        buffer = []
        gaveAny = true
        return .failure(
          .unreadable("\(name): a statement longer than \(Self.longestStatement >> 20) MiB (a limit of pipe)")
        )
      }
      readMore()
    }
  }

  /// Where the last whole line that ends a statement ends in the buffer, if one does.
  private func statementsEnd() -> Int? {
    guard let newline = buffer.lastIndex(of: UInt8(ascii: "\n")) else { return nil }
    let text = String(decoding: buffer[...newline], as: UTF8.self)
    return Parser.isIncomplete(text) ? nil : newline + 1
  }

  private mutating func take(_ count: Int) -> Result<SourceFile, ScriptSource.Failure> {
    let bytes = Array(buffer[..<count])
    buffer.removeFirst(count)
    gaveAny = true
    let firstLine = nextLine
    nextLine += bytes.count { $0 == UInt8(ascii: "\n") }
    return ScriptSource.decode(bytes, name: name, paint: paint).map {
      SourceFile(name: name, text: $0, firstLine: firstLine)
    }
  }

  private mutating func readMore() {
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = read(descriptor, &chunk, chunk.count)
      if count < 0 && errno == EINTR { continue }
      if count <= 0 {
        ended = true
      } else {
        buffer += chunk[..<count]
      }
      return
    }
  }
}
