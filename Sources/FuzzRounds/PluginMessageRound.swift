import PluginProtocol

/// Bytes a plugin (or the host) might send, through the protocol's framing and readers, and
/// the invariants they must keep:
/// - `LineSplitter` fed in small chunks cuts the same lines as splitting the whole at `\n`;
/// - a line read as a message of a version writes back to a line that reads as the same one;
/// - a refused line gets a lowercase reason that does not echo more than a short piece of it.
struct PluginMessageRound {
  let bytes: [UInt8]

  /// The longest reason a refused line may get: a field name or value is echoed only in part.
  static let longestReason = 400

  func problems() -> [String] {
    var problems = framingProblems()
    for line in bytes.split(separator: 0x0A) {
      for version in pluginProtocolVersions {
        problems += Self.readBack(PluginMessage.self, Array(line), version)
        problems += Self.readBack(HostMessage.self, Array(line), version)
      }
    }
    return problems
  }

  /// The lines of the whole input, fed in chunks of 1 to 16 bytes as reads may cut them.
  private func framingProblems() -> [String] {
    let size = 1 + Int(bytes.first ?? 0) % 16
    var splitter = LineSplitter()
    var lines: [[UInt8]] = []
    do {
      for start in stride(from: 0, to: bytes.count, by: size) {
        try splitter.feed(bytes[start..<min(start + size, bytes.count)]) { line in
          lines.append(Array(line))
          return true
        }
      }
    } catch {
      return ["the splitter refused \(bytes.count) bytes: \(error)"]
    }
    var problems: [String] = []
    let complete = bytes[..<(bytes.lastIndex(of: 0x0A) ?? 0)]  // the rest waits for its newline
    if lines != complete.split(separator: 0x0A).map(Array.init) {
      problems.append("the splitter cut \(lines.count) lines, not as the newlines do")
    }
    if splitter.hasPartialLine != (bytes.last.map { $0 != 0x0A } ?? false) {
      problems.append("the splitter's partial line is wrong")
    }
    return problems
  }

  private static func readBack<Message: ProtocolMessage>(
    _ type: Message.Type, _ line: [UInt8], _ version: Int
  ) -> [String] {
    let message: Message
    do {
      message = try Message.decode(line: line, version: version)
    } catch {
      return reasonProblems(error, line)
    }
    let written = message.encodedLine()
    do {
      let again = try Message.decode(line: written, version: version)
      if again != message { return ["\(type) v\(version) reads back as another message: \(again)"] }
    } catch {
      return [
        "\(type) v\(version) cannot read its own line (\(error)): \(String(decoding: written, as: UTF8.self))"
      ]
    }
    return []
  }

  private static func reasonProblems(_ error: ProtocolError, _ line: [UInt8]) -> [String] {
    let text = error.description
    if text.isEmpty || text.first!.isUppercase || text.hasSuffix(".") {
      return ["the reason '\(text.prefix(200))' is empty, capitalised or ends with a period"]
    }
    if text.count > longestReason {
      return ["a reason of \(text.count) characters for a line of \(line.count) bytes: \(text.prefix(200))…"]
    }
    return []
  }
}
