import Foundation

/// How pipe writes the files it keeps (history, settings, cache) so that nothing is lost: a
/// kill at any moment leaves the old content or the new, never half of either, and sessions
/// that write at once keep each other's changes.
///
/// A change is a read-modify-write under an exclusive advisory lock (`flock`) on a lock file
/// beside the file (`.settings.json.lock`); the new content goes to a temporary file of its
/// own in the same folder (`.settings.json.<pid>.<random>.tmp`), is flushed to the disk, and is
/// renamed over the old one. A temporary file found while holding the lock was left by a kill
/// (nobody else can be writing one) and is removed.
///
///     try AtomicFile(path: store).update { old in merged(old, changes) }
struct AtomicFile {
  let path: String
  /// The permissions of the file; its folder is made owner-only (0700) when missing.
  var mode: mode_t = 0o600

  private var folder: String { (path as NSString).deletingLastPathComponent }
  private var name: String { (path as NSString).lastPathComponent }

  /// The file's bytes; nil when it is missing or cannot be read.
  func read() -> [UInt8]? {
    FileManager.default.contents(atPath: path).map { Array($0) }
  }

  /// Replaces the content by `change(old)` under the lock; `change` returning nil leaves the
  /// file as it is. Throws a `FileError` that says what failed.
  func update(_ change: ([UInt8]?) throws -> [UInt8]?) throws {
    try locked {
      guard let bytes = try change(read()) else { return }
      try replace(with: bytes)
    }
  }

  /// Runs `body` holding the file's lock, after removing temporary files left by kills.
  func locked<T>(_ body: () throws -> T) throws -> T {
    try makeFolder()
    let lock = open(folder + "/." + name + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard lock >= 0 else { throw FileError(path, "cannot open its lock file") }
    defer { close(lock) }
    while flock(lock, LOCK_EX) != 0 {
      guard errno == EINTR else { throw FileError(path, "cannot lock it") }
    }
    removeLeftovers()
    return try body()
  }

  /// Writes `bytes` to a new temporary file, flushes it, and renames it over the file. Call
  /// it holding the lock.
  func replace(with bytes: [UInt8]) throws {
    let temporary = folder + "/." + name + ".\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
    guard descriptor >= 0 else { throw FileError(path, "cannot create \(temporary)") }
    _ = fchmod(descriptor, mode)  // whatever the umask
    let written = Descriptor.write(bytes, to: descriptor) && fsync(descriptor) == 0
    let closed = close(descriptor) == 0
    guard written, closed, rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw FileError(path, reason)
    }
    let directory = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if directory >= 0 {
      _ = fsync(directory)  // the rename itself reaches the disk
      close(directory)
    }
  }

  /// Creates the folder when it is missing, and makes it owner only (0700): it is pipe's own
  /// (`~/.cache/pipe`), and an older pipe made some of them 0755.
  func makeFolder() throws {
    do {
      try FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw FileError(path, "cannot create its folder \(folder)")
    }
    _ = chmod(folder, 0o700)
  }

  private func removeLeftovers() {
    let prefix = "." + name + "."
    for entry in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    where entry.hasPrefix(prefix) && entry.hasSuffix(".tmp") {
      unlink(folder + "/" + entry)
    }
  }
}

/// A file pipe keeps could not be written: which, and why.
struct FileError: Error, CustomStringConvertible {
  let path: String
  let reason: String

  init(_ path: String, _ reason: String) {
    self.path = path
    self.reason = reason
  }

  var description: String { "cannot write \(path): \(reason)" }
}
