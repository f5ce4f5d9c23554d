import Foundation

/// A file a person names for pipe to write (`:export rxjs out.ts`, `:export svg d.svg`,
/// `marbles svg: "d.svg"`): written whole, `~` meaning the home folder as at the prompt's `:load`,
/// and when it cannot be written, why in a few words instead of Foundation's error text.
///
///     TextFile.write(svg, to: "nowhere/d.svg")   // "cannot write 'nowhere/d.svg': no such folder 'nowhere'"
public enum TextFile {
  /// Writes `text` to `path`, replacing the file at once (a temporary file renamed over it),
  /// where `permissions` allow it (docs/PERMISSIONS.md); nil when written, else `cannot write
  /// 'PATH': REASON`, the reason naming the flag that would allow a refused write.
  public static func write(_ text: String, to path: String, permissions: Permissions) -> String? {
    let expanded: String
    switch permissions.write(path) {
    case .success(let allowed): expanded = allowed
    case .failure(let refusal): return "cannot write '\(path)': \(refusal.reason)"
    }
    do {
      try text.write(toFile: expanded, atomically: true, encoding: .utf8)
      return nil
    } catch {
      return "cannot write '\(path)': \(reason(writing: expanded, error))"
    }
  }

  /// Why `path` could not be written: the folder or the file as they are on the disk, else
  /// the system's reason.
  static func reason(writing path: String, _ error: Error) -> String {
    let files = FileManager.default
    var isFolder: ObjCBool = false
    if files.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
      return "it is a folder"
    }
    let parent = (path as NSString).deletingLastPathComponent
    let folder = parent.isEmpty ? "." : parent
    guard files.fileExists(atPath: folder, isDirectory: &isFolder) else {
      return "no such folder '\(folder)'"
    }
    guard isFolder.boolValue else { return "'\(folder)' is not a folder" }
    guard files.isWritableFile(atPath: folder) else { return "permission denied" }
    let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
    if let underlying, underlying.domain == NSPOSIXErrorDomain {
      return String(cString: strerror(Int32(underlying.code)))
    }
    return error.localizedDescription
  }
}
