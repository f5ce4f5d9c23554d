import Foundation

/// A pseudo-terminal: the test reads the leader, a child process writes to the follower, and
/// `isatty` is true for the child on it.
///
///     let terminal = try PseudoTerminal()
///     process.standardError = terminal.follower
///     try process.run(); process.waitUntilExit(); terminal.closeFollower()
///     terminal.readAll()  // what the child wrote to standard error
public final class PseudoTerminal {
  /// The machine offers no pseudo-terminal: a failure, not a skip.
  public struct Unavailable: Error, CustomStringConvertible {
    public let description: String
  }

  private let leader: Int32
  public let follower: FileHandle

  /// The end the test reads.
  public var leaderDescriptor: Int32 { leader }

  public init() throws {
    // posix_openpt and friends are hidden from Swift by glibc's feature macros: look them up.
    guard let openpt = libc("posix_openpt", as: IntFunction.self),
      let grant = libc("grantpt", as: IntFunction.self),
      let unlock = libc("unlockpt", as: IntFunction.self), let name = libc("ptsname", as: NameFunction.self)
    else { throw Unavailable(description: "no pseudo-terminal functions") }
    leader = openpt(O_RDWR | O_NOCTTY)
    guard leader >= 0, grant(leader) == 0, unlock(leader) == 0, let path = name(leader) else {
      throw Unavailable(description: "no pseudo-terminal available")
    }
    let descriptor = open(String(cString: path), O_RDWR | O_NOCTTY)
    guard descriptor >= 0 else {
      throw Unavailable(description: "cannot open the pseudo-terminal's follower")
    }
    follower = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
  }

  deinit {
    close(leader)
  }

  public func closeFollower() {
    try? follower.close()
  }

  /// Everything written, once every follower is closed (the leader then reads EIO or 0).
  public func readAll() -> String {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = read(leader, &buffer, buffer.count)
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { break }
      data.append(contentsOf: buffer[0..<count])
    }
    return String(decoding: data, as: UTF8.self)
  }
}

private typealias IntFunction = @convention(c) (Int32) -> Int32
private typealias NameFunction = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?

/// A C library function by name.
private func libc<Function>(_ name: String, as type: Function.Type) -> Function? {
  dlsym(dlopen(nil, RTLD_NOW), name).map { unsafeBitCast($0, to: type) }
}
