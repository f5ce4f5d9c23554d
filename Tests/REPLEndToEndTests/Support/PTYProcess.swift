import Foundation
import PipeProcessSupport
import XCTest

/// A `pipe` prompt on a pseudo-terminal of its own, cheaper than a tmux pane: for tests that
/// start many at once, type fast, or kill them. What it writes is read and kept by a thread
/// (so that it never blocks on a full terminal).
///
///     let prompt = try PTYProcess.start(home: home)
///     prompt.type("set seed 7\n:quit\n")
///     XCTAssertEqual(prompt.wait(), 0)
final class PTYProcess: @unchecked Sendable {
  let pid: pid_t
  private let master: Int32
  private let follower: String
  private let lock = NSLock()
  private var output: [UInt8] = []
  /// The test's own descriptor of the terminal (`keepTerminal`), or -1.
  private var kept: Int32 = -1

  private init(pid: pid_t, master: Int32, follower: String) {
    self.pid = pid
    self.master = master
    self.follower = follower
  }

  /// Starts `pipe arguments` with HOME at `home` (the XDG folders under it), and `environment`
  /// added.
  static func start(home: String, arguments: [String] = [], environment extra: [String: String] = [:]) throws
    -> PTYProcess
  {
    // posix_openpt, unlockpt and ptsname are not in Swift's Glibc: their Linux ioctls are.
    let (unlock, number): (UInt, UInt) = (0x4004_5431, 0x8004_5430)  // TIOCSPTLCK, TIOCGPTN
    let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
    var locked: Int32 = 0
    var index: UInt32 = 0
    guard master >= 0, ioctl(master, unlock, &locked) == 0, ioctl(master, number, &index) == 0 else {
      throw MissingTestSetup("no pseudo-terminal")
    }
    let name = "/dev/pts/\(index)"
    var size = winsize(ws_row: 30, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for descriptor: Int32 in 0...2 {
      posix_spawn_file_actions_addopen(&actions, descriptor, name, O_RDWR, 0)
    }
    posix_spawn_file_actions_addclose(&actions, master)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // A session of its own: POSIX_SPAWN_SETSID (glibc 2.26), which Swift's Glibc does not import.
    posix_spawnattr_setflags(&attributes, 0x80)
    let environment =
      [
        "HOME=\(home)", "XDG_DATA_HOME=", "XDG_CONFIG_HOME=", "XDG_CACHE_HOME=", "NO_COLOR=1",
        "TERM=xterm-256color", "PATH=/usr/bin:/bin", "SWIFT_BACKTRACE=enable=no",
      ] + extra.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    let argv = ([Products.pipe] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid: pid_t = 0
    guard posix_spawn(&pid, Products.pipe, &actions, &attributes, argv, envp) == 0 else {
      close(master)
      throw MissingTestSetup("cannot start \(Products.pipe)")
    }
    let process = PTYProcess(pid: pid, master: master, follower: name)
    let thread = Thread { [process] in process.drain() }
    thread.start()
    return process
  }

  /// Types `text` as keys (a newline is Enter).
  func type(_ text: String) {
    Array(text.utf8).withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = write(master, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else { return }
        offset += written
      }
    }
  }

  /// What the prompt has written so far.
  var screen: String { lock.withLock { String(decoding: output, as: UTF8.self) } }

  /// Waits until the screen contains `text` (up to `timeout` seconds).
  @discardableResult
  func waitFor(_ text: String, timeout: TimeInterval = 10) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if screen.contains(text) { return true }
      Thread.sleep(forTimeInterval: 0.01)
    }
    return false
  }

  /// Keeps the terminal open after `pipe` exits (until `kill`), so its modes can still be read.
  func keepTerminal() {
    kept = open(follower, O_RDWR | O_NOCTTY | O_CLOEXEC)
  }

  /// The terminal's local modes (`c_lflag`: canonical input, echo, signals) as they are now.
  var localModes: tcflag_t {
    var modes = termios()
    tcgetattr(master, &modes)
    return modes.c_lflag
  }

  /// Kills it with SIGKILL and reaps it.
  func kill() {
    _ = Glibc.kill(pid, SIGKILL)
    _ = wait()
    if kept >= 0 { close(kept) }
    kept = -1
  }

  /// Waits for it to exit; its exit status, or 128 + the signal that ended it.
  @discardableResult
  func wait(timeout: TimeInterval = 30) -> Int32 {
    let deadline = Date().addingTimeInterval(timeout)
    var status: Int32 = 0
    while waitpid(pid, &status, WNOHANG) == 0 {
      if Date() > deadline { _ = Glibc.kill(pid, SIGKILL) }
      Thread.sleep(forTimeInterval: 0.005)
    }
    return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
  }

  private func drain() {
    var buffer = [UInt8](repeating: 0, count: 4096)
    while case let count = read(master, &buffer, buffer.count), count > 0 || (count < 0 && errno == EINTR) {
      if count > 0 { lock.withLock { output += buffer[..<count] } }
    }
    close(master)
  }
}
