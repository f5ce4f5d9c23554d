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
///
/// What pipe reads of its files is bounded, and it never waits on them for long: a file that
/// is not a regular file (a FIFO, a device, a folder) or is a symbolic link is refused, never
/// opened for reading or writing (a link is not followed, nor replaced: the same rule for the
/// three files); at most `limit` bytes are read (the history keeps its last `limit` bytes,
/// `tail`; a larger settings or cache file is refused); and the lock is waited for at most
/// `lockWait` seconds.
///
///     try AtomicFile(path: store).update { old in merged(old, changes) }
struct AtomicFile {
  let path: String
  /// The permissions of the file; its folder is made owner-only (0700) when missing.
  var mode: mode_t = 0o600
  /// The most bytes read of the file.
  var limit = 1 << 20
  /// Whether a larger file is read from its last `limit` bytes on (from the line after the
  /// cut) rather than refused.
  var tail = false
  /// The longest wait for the lock, in seconds.
  var lockWait = 2.0

  private var folder: String { (path as NSString).deletingLastPathComponent }
  private var name: String { (path as NSString).lastPathComponent }

  /// The file's bytes (its last `limit` with `tail`); nil when it is missing. Throws when it
  /// is there but cannot be read: not a regular file, a symbolic link, larger than `limit`.
  func read() throws(FileError) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else {
      if errno == ENOENT { return nil }
      throw FileError(reading: path, errno == ELOOP ? Self.linkReason : String(cString: strerror(errno)))
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw FileError(reading: path, String(cString: strerror(errno)))
    }
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw FileError(reading: path, Self.kind(status.st_mode))
    }
    let size = Int(status.st_size)
    guard size <= limit || tail else {
      throw FileError(reading: path, "it is larger than \(Self.size(limit)), the most pipe reads of it")
    }
    let start = max(0, size - limit)
    var bytes = [UInt8](repeating: 0, count: min(size, limit))
    var filled = 0
    while filled < bytes.count {
      let got = bytes.withUnsafeMutableBytes {
        pread(descriptor, $0.baseAddress! + filled, $0.count - filled, off_t(start + filled))
      }
      if got < 0 && errno == EINTR { continue }
      guard got > 0 else { break }
      filled += got
    }
    bytes.removeSubrange(filled...)
    if start > 0, let newline = bytes.firstIndex(of: 10) { bytes.removeSubrange(...newline) }
    return bytes
  }

  /// Whether the file is larger than `limit`: with `tail`, its start is not read.
  var isCut: Bool {
    var status = stat()
    return lstat(path, &status) == 0 && Int(status.st_size) > limit
  }

  static let linkReason = "it is a symbolic link, which pipe does not follow"

  /// Why a file that is not a regular one is refused.
  static func kind(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFIFO: "it is a FIFO (named pipe), not a regular file"
    case S_IFDIR: "it is a folder, not a regular file"
    case S_IFCHR, S_IFBLK: "it is a device, not a regular file"
    case S_IFSOCK: "it is a socket, not a regular file"
    default: "it is not a regular file"
    }
  }

  /// `1 MiB`, `4 MiB`.
  static func size(_ bytes: Int) -> String { bytes >= 1 << 20 ? "\(bytes >> 20) MiB" : "\(bytes >> 10) KiB" }

  /// Replaces the content by `change(old)` under the lock; `change` returning nil leaves the
  /// file as it is. Throws a `FileError` that says what failed.
  func update(_ change: ([UInt8]?) throws -> [UInt8]?) throws {
    try locked {
      guard let bytes = try change(read()) else { return }
      try replace(with: bytes)
    }
  }

  /// Runs `body` holding the file's lock, after removing temporary files left by kills. The
  /// wait for the lock ends after `lockWait` seconds, or as soon as `interrupted` says so
  /// (Ctrl-C at the prompt).
  func locked<T>(interrupted: () -> Bool = { false }, _ body: () throws -> T) throws -> T {
    try makeFolder()
    let lockPath = folder + "/." + name + ".lock"
    let lock = open(lockPath, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
    guard lock >= 0 else { throw FileError(path, "cannot open its lock file \(lockPath)") }
    defer { close(lock) }
    let deadline = Date().addingTimeInterval(lockWait)
    while flock(lock, LOCK_EX | LOCK_NB) != 0 {
      guard errno == EINTR || errno == EWOULDBLOCK else { throw FileError(path, "cannot lock it") }
      if interrupted() { throw FileError(path, "Ctrl-C ended the wait for its lock (\(lockPath))") }
      guard Date() < deadline else {
        throw FileError(
          path, "another process has held its lock (\(lockPath)) for more than \(Int(lockWait)) s")
      }
      usleep(10_000)
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
  /// Whether reading failed, rather than writing.
  var reading = false

  init(_ path: String, _ reason: String) {
    self.path = path
    self.reason = reason
  }

  init(reading path: String, _ reason: String) {
    self.init(path, reason)
    reading = true
  }

  var description: String { "cannot \(reading ? "read" : "write") \(path): \(reason)" }
}
