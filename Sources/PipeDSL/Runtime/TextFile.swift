import Foundation

/// A file a person names for pipe to write (`:export rxjs out.ts`, `:export svg d.svg`,
/// `marbles svg: "d.svg"`): written whole, `~` meaning the home folder as at the prompt's `:load`,
/// and when it cannot be written, why in a few words instead of the system's error text.
///
/// What is written is what was decided on, not a path read again later: the folder the
/// permission allowed (`Permissions.write`) is opened, the folder opened is checked to be that
/// one (its real path, as `/proc/self/fd` reads it), and the file is made inside it, by its
/// name alone: a new temporary file, then linked to the name (a new file only: never over one
/// that appeared meanwhile) or renamed over it (replacing the name, never writing through a
/// link or into a hard-linked file's other names). A link swapped in at any moment writes
/// nothing outside.
///
///     TextFile.write(svg, to: "nowhere/d.svg", permissions: p)
///     // "cannot write 'nowhere/d.svg': no such folder '/home/ada/work/nowhere'"
public enum TextFile {
  /// Writes `text` to `path`, replacing the file at once, where `permissions` allow it
  /// (docs/PERMISSIONS.md); nil when written, else `cannot write 'PATH': REASON`, the reason
  /// naming the flag that would allow a refused write.
  public static func write(_ text: String, to path: String, permissions: Permissions) -> String? {
    let problem = attempt(text, to: path, permissions: permissions)
    if problem != nil { permissions.noteUnwritten() }
    return problem
  }

  private static func attempt(_ text: String, to path: String, permissions: Permissions) -> String? {
    let place: Permissions.WritePlace
    switch permissions.write(path) {
    case .success(let allowed): place = allowed
    case .failure(let refusal): return "cannot write '\(shown(path))': \(refusal.reason)"
    }
    let folder = open(place.folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard folder >= 0 else { return "cannot write '\(shown(path))': \(reason(errno, folder: place.folder))" }
    defer { close(folder) }
    let opened = realPath(of: folder)
    guard opened == place.folder else {
      let refusal = permissions.refuseMoved(path, decided: place.folder, opened: opened ?? "unknown")
      return "cannot write '\(shown(path))': \(refusal.reason)"
    }
    if let code = write(Array(text.utf8), named: place.name, in: folder, replacing: place.replacing) {
      return "cannot write '\(shown(path))': \(reason(code, folder: place.folder))"
    }
    return nil
  }

  /// Writes `bytes` as the file `name` of the open `folder`; nil when done, else the `errno`.
  private static func write(_ bytes: [UInt8], named name: String, in folder: Int32, replacing: Bool) -> Int32?
  {
    let temporary = ".pipe-write-" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
    let file = openat(folder, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
    guard file >= 0 else { return errno }
    var failure: Int32? = nil
    bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let written = Foundation.write(file, raw.baseAddress! + offset, raw.count - offset)
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else {
          failure = written < 0 ? errno : EIO
          return
        }
        offset += written
      }
    }
    if failure == nil, fsync(file) != 0 { failure = errno }
    if close(file) != 0, failure == nil { failure = errno }
    if failure == nil {
      // A new file only: `link` fails when the name exists, whatever appeared there.
      let placed =
        replacing ? renameat(folder, temporary, folder, name) : linkat(folder, temporary, folder, name, 0)
      if placed != 0 { failure = errno }
    }
    if failure != nil || !replacing { unlinkat(folder, temporary, 0) }
    return failure
  }

  /// The real path of the folder open as `descriptor`.
  private static func realPath(of descriptor: Int32) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let length = readlink("/proc/self/fd/\(descriptor)", &buffer, buffer.count - 1)
    guard length > 0 else { return nil }
    return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Why `errno` `code` stopped a write into `folder`, in a few words.
  static func reason(_ code: Int32, folder: String) -> String {
    switch code {
    case ENOENT: "no such folder '\(folder)'"
    case ENOTDIR: "'\(folder)' is not a folder"
    case EACCES, EPERM: "permission denied"
    case EEXIST: "the file exists and would be overwritten (it appeared as it was written)"
    case EISDIR: "it is a folder"
    default: String(cString: strerror(code))
    }
  }

  /// A path as an error message shows it: at most 200 characters, on one line, its control
  /// and format characters written as the language writes them (`\u{A}`).
  static func shown(_ path: String) -> String {
    let short = path.count <= 200 ? path : String(path.prefix(100)) + "…" + String(path.suffix(99))
    return short.unicodeScalars.map {
      Permissions.isUnprintable($0) ? "\\u{\(String($0.value, radix: 16, uppercase: true))}" : String($0)
    }.joined()
  }
}
