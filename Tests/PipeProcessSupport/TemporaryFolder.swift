import Foundation

/// Fresh folders for a test's files and for the HOME of the programs it runs.
public enum TemporaryFolder {
  /// A new empty folder under the temporary directory.
  public static func make(prefix: String = "pipe-test") throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// Writes an executable file (a plugin, a script).
  public static func writeExecutable(_ text: String, to url: URL) throws {
    try text.write(to: url, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
  }
}
