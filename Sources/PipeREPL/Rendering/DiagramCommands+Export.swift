import Foundation
import PipeDSL
import PipeExport

extension DiagramCommands {
  /// `:export rxswift|combine|rxjs [FILE]`: the last pipeline that ran, as library code,
  /// printed, or written to FILE.
  static func exportCode(_ place: CommandPlace, _ command: Command, library: ExportLibrary)
    throws(CommandError)
    -> CommandReply
  {
    guard command.words.count <= 2 else { throw .problem("write :export \(library.rawValue) [FILE]") }
    let session = place.session
    guard let statement = session.loop.sync({ session.lastStatement }) else {
      throw .problem("no pipeline has run yet: run one, then :export \(library.rawValue)")
    }
    let code: String
    do {
      code = try Exporter.export(Program(statements: [statement]), name: "the last pipeline", to: library)
    } catch {
      throw .problem(error.diagnostics.map(\.message).joined(separator: "; "))
    }
    guard let path = command.words.dropFirst().first?.text else {
      return .text(code.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init))
    }
    let permissions = session.loop.sync { session.runtime.permissions }
    if let problem = TextFile.write(code, to: path, permissions: permissions) { throw .problem(problem) }
    let lines = code.split(separator: "\n", omittingEmptySubsequences: false).count - 1
    return .note("wrote \(path) (\(lines) lines of \(library.title))")
  }
}
