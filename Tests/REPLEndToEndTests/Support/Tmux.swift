import Foundation
import PipeProcessSupport
import XCTest

/// A `pipe` prompt running in a tmux pane of its own (its own server socket), driven by keys
/// and read back from the screen.
///
///     let pane = try Tmux.start(test: self, home: home)
///     try pane.type("just 1", enter: true)
///     try pane.waitFor { $0.contains("1") }
final class Tmux {
  let socket: String
  let home: String

  private init(socket: String, home: String) {
    self.socket = socket
    self.home = home
  }

  /// Starts `pipe arguments` in a 100×30 pane, HOME at `home`, with `environment` added, in
  /// `directory` (else the tests' own), and waits for its first prompt. Fails the test when tmux cannot run here
  /// (`make test` installs it).
  static func start(
    test: XCTestCase, home: String, arguments: [String] = [], directory: String? = nil,
    environment: [String: String] = [:]
  ) throws -> Tmux {
    let command =
      [
        "env", "HOME=\(home)", "XDG_DATA_HOME=", "XDG_CONFIG_HOME=", "NO_COLOR=1", "TERM=xterm-256color",
      ]
      + environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } + [Products.pipe]
      + arguments
    return try start(test: test, home: home, command: command, directory: directory, prompt: "pipe>")
  }

  /// Starts `command` (its words joined by spaces, as `sh -c` reads them) in a 100×30 pane and
  /// waits until the screen shows `prompt`.
  static func start(
    test: XCTestCase, home: String, command: [String], directory: String? = nil, prompt: String
  ) throws -> Tmux {
    guard (try? run(["-V"]))?.status == 0 else { throw MissingTestSetup("tmux is not available") }
    let pane = Tmux(socket: "pipe-test-\(UUID().uuidString.prefix(8))", home: home)
    let started = try pane.tmux(
      ["new-session", "-d", "-s", "pipe", "-x", "100", "-y", "30"] + (directory.map { ["-c", $0] } ?? [])
        + [command.joined(separator: " ")],
      capture: false)
    guard started.status == 0 else {
      throw MissingTestSetup("tmux cannot start a session here: \(started.output)")
    }
    test.addTeardownBlock { pane.stop() }
    try pane.waitFor("the first prompt") { $0.contains(prompt) }
    return pane
  }

  /// Types text (literally), then Enter if asked.
  func type(_ text: String, enter: Bool = false) throws {
    _ = try tmux(["send-keys", "-t", "pipe", "-l", "--", text])
    if enter { try press("Enter") }
  }

  /// Pastes `text` as a terminal does (line breaks sent as carriage returns), marked as a
  /// paste (`ESC [ 200 ~` … `ESC [ 201 ~`) when `bracketed` and the program asked for that.
  func paste(_ text: String, bracketed: Bool) throws {
    _ = try tmux(["set-buffer", "-b", "test", "--", text])
    _ = try tmux(["paste-buffer", "-b", "test", "-t", "pipe"] + (bracketed ? ["-p"] : []))
  }

  /// Presses a key by tmux's name: Enter, Tab, Up, C-c, C-d.
  func press(_ key: String) throws {
    Thread.sleep(forTimeInterval: 0.05)
    _ = try tmux(["send-keys", "-t", "pipe", key])
  }

  /// The visible screen, trailing blank lines dropped.
  func screen() throws -> String {
    let lines = try tmux(["capture-pane", "-p", "-t", "pipe"]).output.split(
      separator: "\n", omittingEmptySubsequences: false)
    return lines.reversed().drop { $0.allSatisfy(\.isWhitespace) }.reversed().joined(separator: "\n")
  }

  /// The visible screen with the lines the terminal wrapped joined back into the line the
  /// program wrote, trailing blank lines dropped: a line wider than the pane shows here.
  func unwrappedScreen() throws -> String {
    let lines = try tmux(["capture-pane", "-p", "-J", "-t", "pipe"]).output.split(
      separator: "\n", omittingEmptySubsequences: false)
    return lines.reversed().drop { $0.allSatisfy(\.isWhitespace) }.reversed().joined(separator: "\n")
  }

  /// Makes the pane `columns` wide and `rows` high, as a person resizing the window does.
  func resize(columns: Int, rows: Int) throws {
    _ = try tmux(["resize-window", "-t", "pipe", "-x", "\(columns)", "-y", "\(rows)"])
  }

  /// The screen's last non-blank line.
  func lastLine() throws -> String { try screen().split(separator: "\n").last.map(String.init) ?? "" }

  /// Waits (up to `timeout` seconds) until the screen satisfies `condition`.
  @discardableResult
  func waitFor(
    _ what: String, timeout: TimeInterval = 5, file: StaticString = #filePath, line: UInt = #line,
    _ condition: (String) -> Bool
  ) throws -> String {
    let deadline = Date().addingTimeInterval(timeout)
    var screen = ""
    while Date() < deadline {
      screen = try self.screen()
      if condition(screen) { return screen }
      Thread.sleep(forTimeInterval: 0.05)
    }
    XCTFail("timed out waiting for \(what); the screen:\n\(screen)", file: file, line: line)
    throw CancellationError()
  }

  /// Waits for the pane's program to exit (its pane, and with it the session, closes); fails
  /// the test when it is still running after `timeout` seconds.
  func waitForExit(
    timeout: TimeInterval = 5, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while try tmux(["has-session", "-t", "pipe"]).status == 0 {
      guard Date() < deadline else {
        XCTFail("pipe did not exit within \(timeout) s; the screen:\n\(try screen())", file: file, line: line)
        throw CancellationError()
      }
      Thread.sleep(forTimeInterval: 0.05)
    }
  }

  func stop() { _ = try? tmux(["kill-server"]) }

  /// The CPU time (user and system, in seconds) the pane's `pipe` process has used so far.
  func cpuSeconds() throws -> Double {
    var pid = try tmux(["display-message", "-p", "-t", "pipe", "#{pane_pid}"]).output
      .trimmingCharacters(in: .whitespacesAndNewlines)
    // The pane runs `sh -c "env … pipe"`: follow the children down to `pipe` itself.
    while (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?.hasPrefix("pipe") == false {
      let children = try String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)
      guard let child = children.split(separator: " ").first else {
        throw MissingTestSetup("no pipe process")
      }
      pid = String(child)
    }
    return try PipeProcessSupport.cpuSeconds(ofProcess: Int32(pid)!)
  }

  private func tmux(_ arguments: [String], capture: Bool = true) throws -> (status: Int32, output: String) {
    try Tmux.run(["-L", socket] + arguments, capture: capture)
  }

  /// Runs tmux with posix_spawn. Not with Foundation's Process: it learns of a child's exit
  /// from a descriptor the child inherits, and the tmux server, forked from the client,
  /// keeps it open, so `waitUntilExit` would never return. A command that may start the
  /// server must not capture its output, for the same reason.
  private static func run(_ arguments: [String], capture: Bool = true) throws -> (
    status: Int32, output: String
  ) {
    var descriptors: [Int32] = [-1, -1]
    guard pipe(&descriptors) == 0 else { throw CocoaError(.fileWriteUnknown) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    if capture {
      posix_spawn_file_actions_adddup2(&actions, descriptors[1], 1)
      posix_spawn_file_actions_adddup2(&actions, descriptors[1], 2)
    } else {
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
      posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    }
    posix_spawn_file_actions_addclose(&actions, descriptors[0])
    posix_spawn_file_actions_addclose(&actions, descriptors[1])
    let argv = (["tmux"] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = posix_spawnp(&pid, "tmux", &actions, nil, argv, environ)
    close(descriptors[1])
    defer { close(descriptors[0]) }
    guard spawned == 0 else { return (127, "") }
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while case let count = read(descriptors[0], &buffer, buffer.count), count > 0 {
      output += buffer[..<count]
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let exitCode = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    return (exitCode, String(decoding: output, as: UTF8.self))
  }
}
