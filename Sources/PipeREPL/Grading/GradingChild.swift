import Foundation
import JSON
import Synchronization

/// Grades one file in a child `pipe` (`pipe check --graded-child -- FILE`), so that whatever the
/// script does (a crash, a loop, all the memory) ends that child and no other file's grade:
/// the child is stopped past `CheckLimits.timeout` or above `CheckLimits.maxMemory` of
/// resident memory, and a child that ends without its result is graded as what happened to it.
struct GradingChild {
  /// The `pipe` to start: this very executable.
  var executable: String
  /// The options, forwarded whole.
  var arguments: [String]
  var limits: CheckLimits
  /// Colour the child's texts (it writes to a pipe, where it would not).
  var colour: Bool
  /// The columns the child draws to.
  var columns: Int

  /// How often the child's memory and time are looked at.
  static let pollInterval: UInt32 = 10_000  // µs
  /// At most this much of a child's output is kept.
  static let outputCap = 8 << 20

  /// The process group of the child grading now (0 when none), for `stopRunning`.
  private static let running = Atomic<Int32>(0)

  /// Kills the child grading now with everything it started: a watch that leaves on
  /// Ctrl-C leaves no hand-in running behind it.
  static func stopRunning() {
    let group = running.load(ordering: .acquiring)
    if group > 0 { kill(-group, SIGKILL) }
  }

  /// From now on SIGINT, SIGTERM and SIGHUP end pipe (status 128 + the signal) and the child
  /// grading now with all it started: it is in a process group of its own, which neither
  /// Ctrl-C nor the terminal's closing reaches, so no hand-in runs on after `pipe check`.
  static func stopOnSignals() {
    for signal in [SIGINT, SIGTERM, SIGHUP] {
      SignalWatch.watch(signal) {
        stopRunning()
        fflush(nil)
        _exit(128 + signal)
      }
    }
  }

  /// What happened to one child.
  enum Ending: Equatable {
    case exited(Int32)
    case signalled(Int32)
    case timedOut
    case overMemory
  }

  /// Grades `path` in a child; never fails: a child that gives no result is one failed case.
  func grade(_ path: String) -> GradedScript {
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_BACKTRACE"] = "enable=no"  // a crash ends the child at once, quietly
    environment["COLUMNS"] = String(columns)
    if colour { environment["FORCE_COLOR"] = "1" } else { environment.removeValue(forKey: "FORCE_COLOR") }
    let argv = [executable, "check", "--graded-child"] + arguments + ["--", path]
    guard let (ending, output, errors) = run(argv, environment: environment) else {
      return Self.failed(path, "could not start a pipe to grade it", kind: "crashed")
    }
    if ending == .exited(0), let line = output.split(separator: UInt8(ascii: "\n")).last,
      let json = try? JSONValue.parse(line), let script = GradedScript(json: json)
    {
      if !errors.isEmpty { Descriptor.write(errors, to: STDERR_FILENO) }
      return script
    }
    return Self.failed(
      path, Self.describe(ending, limits: limits, errors: errors), kind: Self.kind(of: ending))
  }

  /// A script graded as one failed case that says what ended it.
  static func failed(_ file: String, _ what: String, kind: String) -> GradedScript {
    let path = Grader.shown(file)
    var script = GradedScript(path: path)
    let name = GradedScript.shown(path)
    script.add("\(name): runs to its end", failure: "\(name): \(what); nothing of it was graded", kind: kind)
    return script
  }

  static func kind(of ending: Ending) -> String {
    switch ending {
    case .timedOut: return "timeout"
    case .overMemory: return "memory"
    case .signalled, .exited: return "crashed"
    }
  }

  static func describe(_ ending: Ending, limits: CheckLimits, errors: [UInt8]) -> String {
    switch ending {
    case .timedOut:
      return "timed out: it ran longer than \(Self.seconds(limits.timeout)) (pipe check --timeout)"
    case .overMemory:
      return "exceeded the memory limit: it used more than \(limits.maxMemory / CheckLimits.mebibyte) MiB "
        + "(pipe check --max-memory)"
    case .signalled(let signal):
      return "crashed with signal \(signal) (\(signalName(signal)))" + excerpt(errors)
    case .exited(let status):
      return "ended with status \(status) without a result" + excerpt(errors)
    }
  }

  static func seconds(_ duration: Duration) -> String {
    let milliseconds = CheckLimits.milliseconds(duration)
    return milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
  }

  static func signalName(_ signal: Int32) -> String {
    let names: [Int32: String] = [
      SIGSEGV: "SIGSEGV", SIGBUS: "SIGBUS", SIGILL: "SIGILL", SIGTRAP: "SIGTRAP", SIGABRT: "SIGABRT",
      SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGTERM: "SIGTERM", SIGXCPU: "SIGXCPU", SIGPIPE: "SIGPIPE",
    ]
    return names[signal] ?? "signal \(signal)"
  }

  /// The first lines the child wrote on standard error, control characters shown as `?`.
  static func excerpt(_ errors: [UInt8]) -> String {
    let text = String(decoding: errors.prefix(2000), as: UTF8.self)
    let lines = text.split(separator: "\n").prefix(3).map { line in
      String(line.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : Character($0) })
    }
    return lines.isEmpty ? "" : ": " + lines.joined(separator: " / ")
  }

  /// Starts `argv` in a process group of its own, standard input empty, and waits for it
  /// within the limits; the whole group is killed when it ends or is stopped.
  private func run(_ argv: [String], environment: [String: String]) -> (Ending, [UInt8], [UInt8])? {
    var outPipe: [Int32] = [-1, -1]
    var errPipe: [Int32] = [-1, -1]
    guard pipe(&outPipe) == 0 else { return nil }
    guard pipe(&errPipe) == 0 else {
      close(outPipe[0])
      close(outPipe[1])
      return nil
    }
    // Only the child's copies, made by dup2, stay open in it.
    for descriptor in outPipe + errPipe { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, outPipe[1], STDOUT_FILENO)
    posix_spawn_file_actions_adddup2(&actions, errPipe[1], STDERR_FILENO)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
    posix_spawnattr_setpgroup(&attributes, 0)
    let cArguments = argv.map { strdup($0) } + [nil]
    let cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (cArguments + cEnvironment).forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable, &actions, &attributes, cArguments, cEnvironment)
    close(outPipe[1])
    close(errPipe[1])
    guard spawned == 0 else {
      close(outPipe[0])
      close(errPipe[0])
      return nil
    }
    let output = CappedReader(outPipe[0], cap: Self.outputCap)
    let errors = CappedReader(errPipe[0], cap: Self.outputCap)
    Self.running.store(pid, ordering: .releasing)
    let ending = watch(pid)
    kill(-pid, SIGKILL)  // whatever the script started goes with it
    Self.running.store(0, ordering: .releasing)
    return (ending, output.bytes(), errors.bytes())
  }

  /// Waits for `pid` to end, stopping it past the time or above the memory allowed.
  private func watch(_ pid: pid_t) -> Ending {
    let deadline = ContinuousClock.now + limits.timeout
    let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
    var status: Int32 = 0
    while true {
      let waited = waitpid(pid, &status, WNOHANG)
      if waited == pid { break }
      if waited < 0 && errno != EINTR { return .exited(-1) }
      var stopped: Ending?
      if ContinuousClock.now >= deadline {
        stopped = .timedOut
      } else if let resident = Self.residentPages(of: pid), resident * pageSize > limits.maxMemory {
        stopped = .overMemory
      }
      if let stopped {
        kill(-pid, SIGKILL)
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return stopped
      }
      usleep(Self.pollInterval)
    }
    // WIFEXITED/WTERMSIG are macros Swift does not import.
    let signal = status & 0x7F
    return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
  }

  /// The resident pages of `pid`.
  static func residentPages(of pid: pid_t) -> Int? { ProcessPages.of("\(pid)")?.resident }
}

/// Reads a descriptor to its end on a thread of its own, keeping at most `cap` bytes.
final class CappedReader: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  private var kept: [UInt8] = []

  init(_ descriptor: Int32, cap: Int) {
    Thread.detachNewThread { [self] in
      var buffer = [UInt8](repeating: 0, count: 65536)
      while true {
        let count = read(descriptor, &buffer, buffer.count)
        if count < 0 && errno == EINTR { continue }
        if count <= 0 { break }
        if kept.count < cap { kept += buffer[0..<min(count, cap - kept.count)] }
      }
      close(descriptor)
      done.signal()
    }
  }

  /// What was read, once the descriptor has ended.
  func bytes() -> [UInt8] {
    done.wait()
    return kept
  }
}

/// A process's memory in pages, from /proc/PID/statm (PID, or `self`): what `pipe check`
/// watches in each grading child and `MemoryWatch` in pipe itself.
enum ProcessPages {
  static func of(_ process: String) -> (size: Int, resident: Int)? {
    let path = "/proc/\(process)/statm"
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
    let fields = text.split(separator: " ").compactMap { Int($0) }
    return fields.count > 1 ? (fields[0], fields[1]) : nil
  }
}
