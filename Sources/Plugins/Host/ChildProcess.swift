import CProcess
import Foundation
import Synchronization

/// A plugin's process, started in a process group of its own, with pipes on its stdin, stdout
/// and stderr.
///
/// The group is what makes a plugin's end complete: `killGroup()` ends the plugin and every
/// process it forked (a child that kept the plugin's stdout open would otherwise outlive pipe
/// and hide the plugin's exit until a deadline). The process itself is watched by `waitpid`,
/// not through its pipes, so an exit is seen at once whoever still holds them.
///
///     let child = try ChildProcess.spawn(path: "/usr/bin/env", environment: ["A": "1"])
///     child.watch { print($0) }   // "exited with status 0"
final class ChildProcess: Sendable {
  let pid: pid_t
  /// The write end of the child's stdin, and the read ends of its stdout and stderr (all
  /// close-on-exec, so that no other plugin inherits them).
  let input: Int32
  let output: Int32
  let errors: Int32

  private init(pid: pid_t, input: Int32, output: Int32, errors: Int32) {
    self.pid = pid
    self.input = input
    self.output = output
    self.errors = errors
  }

  /// Starts `path` with no arguments and exactly `environment`, in a new process group, its
  /// signals at their defaults (pipe ignores SIGPIPE and, at the prompt, SIGINT; a plugin must
  /// not inherit that), holding no descriptor of pipe's but its three pipes, and bound to die
  /// with pipe, even by SIGKILL (`pipe_spawn_plugin`). Throws the reason it could not start.
  static func spawn(path: String, environment: [String: String]) throws(SpawnError) -> ChildProcess {
    var pipes: [Int32] = []
    defer { for fd in pipes { close(fd) } }
    for _ in 0..<3 {
      var ends: [Int32] = [-1, -1]
      guard pipe(&ends) == 0 else { throw SpawnError(errno: errno) }
      pipes += ends
      for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    }
    // pipes: stdin read 0, write 1; stdout read 2, write 3; stderr read 4, write 5.
    let arguments = [strdup(path)] + [nil]
    let variables = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in arguments + variables { free(pointer) } }
    let pid = tracking.withLock { _ in
      let pid = pipe_spawn_plugin(path, arguments, variables, pipes[0], pipes[3], pipes[5])
      if pid > 0 { _ = pipe_plugins_track(pid) }
      return pid
    }
    guard pid > 0 else { throw SpawnError(errno: -pid, path: path) }
    let child = ChildProcess(pid: pid, input: pipes[1], output: pipes[2], errors: pipes[4])
    for index in [0, 3, 5] { close(pipes[index]) }
    pipes = []
    return child
  }

  /// Calls `ended` once, on a thread of its own, when the process has ended, with how it ended:
  /// `exited with status 3`, `crashed: killed by signal 6 (Aborted)`. Once it has ended, what it
  /// left behind is killed: its group, and the processes that left the group (`setsid()`) and
  /// became pipe's children when it ended (pipe is their subreaper).
  func watch(_ ended: @escaping @Sendable (String) -> Void) {
    let pid = self.pid
    let thread = Thread {
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0 {
        guard errno == EINTR else { return ended("ended (\(String(cString: strerror(errno))))") }
      }
      _ = kill(-pid, SIGKILL)
      pipe_plugins_untrack(pid)
      tracking.withLock { _ in _ = pipe_plugins_kill_orphans() }
      ended(describeWaitStatus(status))
    }
    thread.name = "pipe-plugin wait \(pid)"
    thread.start()
  }

  /// Sends SIGKILL to the whole process group: the plugin and whatever it forked, stopped
  /// ones too. Harmless once they have all ended.
  func killGroup() {
    _ = kill(-pid, SIGKILL)
  }
}

/// Held while a plugin is started and noted (`pipe_plugins_track`), and while the children that
/// are no noted plugin are killed: a plugin just started is never taken for what another left.
/// The first plugin started installs what ends them all when pipe ends (see CProcess.h): on exit,
/// on SIGTERM, SIGHUP and SIGQUIT.
private let tracking = Mutex(())

/// How `waitpid` says a process ended, in the words of an error message.
func describeWaitStatus(_ status: Int32) -> String {
  let signal = status & 0x7F
  guard signal != 0 else { return "exited with status \((status >> 8) & 0xFF)" }
  let name = strsignal(signal).map { String(cString: $0) } ?? "signal \(signal)"
  return "crashed: killed by signal \(signal) (\(name))"
}

/// Why a plugin could not be started.
struct SpawnError: Error {
  var message: String

  init(errno code: Int32, path: String? = nil) {
    let reason = String(cString: strerror(code))
    if code == ENOENT, let path, let interpreter = Self.interpreter(of: path) {
      message = "its interpreter \(interpreter) was not found"
    } else {
      message = reason
    }
  }

  /// `/usr/bin/python9` from a first line `#!/usr/bin/python9 -u`; nil if there is none.
  private static func interpreter(of path: String) -> String? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    let head = String(decoding: (try? handle.read(upToCount: 256)) ?? Data(), as: UTF8.self)
    guard head.hasPrefix("#!") else { return nil }
    let line = head.dropFirst(2).prefix { $0 != "\n" }.trimmingCharacters(in: .whitespaces)
    return line.split(separator: " ").first.map(String.init)
  }
}
