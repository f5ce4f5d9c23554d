import Foundation

// VersionFileTool VERSION OUTPUT: writes OUTPUT, a Swift file with `PipeVersion.current`, the
// one line of VERSION (a semantic version such as 0.2.0 or 1.0.0-beta.1). Run by the
// VersionFile build-tool plugin.

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
  FileHandle.standardError.write(Data("usage: VersionFileTool VERSION OUTPUT\n".utf8))
  exit(64)
}
let text = (try? String(contentsOfFile: arguments[1], encoding: .utf8)) ?? ""
let version = text.trimmingCharacters(in: .whitespacesAndNewlines)
let allowed = Set("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-+")
guard let first = version.first, first.isNumber, version.allSatisfy(allowed.contains) else {
  FileHandle.standardError.write(
    Data("\(arguments[1]): error: expected one version such as 0.2.0, got '\(version)'\n".utf8))
  exit(1)
}
let source = """
  // Made by the VersionFile plugin from VERSION at the package's root: change that file, not this.
  enum PipeVersion {
    static let current = "\(version)"
  }

  """
do {
  try Data(source.utf8).write(to: URL(fileURLWithPath: arguments[2]), options: .atomic)
} catch {
  FileHandle.standardError.write(Data("\(arguments[2]): error: \(error)\n".utf8))
  exit(1)
}
