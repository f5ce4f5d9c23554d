import Foundation
import XCTest

/// A plugin's stderr reaches the user as log lines with its name: dimmed when standard error
/// is a terminal, plain otherwise.
final class ColouredLogTests: XCTestCase {
  func testAPluginsStderrIsDimmedAndNamedOnATerminal() throws {
    let sandbox = try Sandbox(self)
    sandbox.environment["NO_COLOR"] = nil
    let terminal = try PseudoTerminal()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Products.pipe)
    process.arguments = ["-e", #"stderr("warming up") | show"#]
    process.environment = sandbox.environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = terminal.follower
    try process.run()
    process.waitUntilExit()
    terminal.closeFollower()
    XCTAssertTrue(terminal.readAll().contains("\u{1B}[2m[testbed] warming up\u{1B}[0m"))
    XCTAssertEqual(process.terminationStatus, 0)
  }

  func testItIsPlainWhenStderrIsNotATerminal() throws {
    let run = try Sandbox(self).script(#"stderr("warming up") | show"#)
    XCTAssertTrue(run.stderr.contains("[testbed] warming up\n"), run.stderr)
    XCTAssertFalse(run.stderr.contains("\u{1B}["), run.stderr)
  }
}

/// A pseudo-terminal: the test reads the leader, the child writes to the follower.
final class PseudoTerminal {
  private let leader: Int32
  let follower: FileHandle

  init() throws {
    // posix_openpt and friends are hidden from Swift by glibc's feature macros: look them up.
    guard let openpt = libc("posix_openpt", as: IntFunction.self),
      let grant = libc("grantpt", as: IntFunction.self),
      let unlock = libc("unlockpt", as: IntFunction.self), let name = libc("ptsname", as: NameFunction.self)
    else { throw MissingTestSetup("no pseudo-terminal functions") }
    leader = openpt(O_RDWR | O_NOCTTY)
    guard leader >= 0, grant(leader) == 0, unlock(leader) == 0, let path = name(leader) else {
      throw MissingTestSetup("no pseudo-terminal available")
    }
    let descriptor = open(String(cString: path), O_RDWR | O_NOCTTY)
    guard descriptor >= 0 else { throw MissingTestSetup("cannot open the pseudo-terminal's follower") }
    follower = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
  }

  deinit {
    close(leader)
  }

  func closeFollower() {
    try? follower.close()
  }

  /// Everything written, once every follower is closed (the leader then reads EIO or 0).
  func readAll() -> String {
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
