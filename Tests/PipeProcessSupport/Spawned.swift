import Foundation

/// A running program (`pipe`, a plugin, a Python server): what it writes is collected as it
/// comes, its input stays open until `closeInput()` (or the end), and it runs in a process
/// group of its own (Foundation's `Process` does that on Linux), so that a timeout or the end
/// of the test kills it together with every child it started.
///
///     let server = try Spawned(["fake-api", "--port", "0"], environment: sandbox.environment)
///     XCTAssertTrue(server.waitForOutput("Requests:"), server.stdout)
///     server.send("q")
///     let run = server.wait()  // killed, and the test failed, after 60 s
public final class Spawned: @unchecked Sendable {
  /// Where a standard stream of the program goes.
  public enum Stream: Sendable {
    /// A pipe the test reads.
    case pipe
    /// A pseudo-terminal of its own, so that `isatty` is true for the program.
    case terminal
    /// (Standard error only.) Where standard output goes, interleaved as a terminal shows it.
    case output
  }

  private let process = Process()
  private let input = Pipe()
  private let received = Received()
  private let exited = DispatchSemaphore(value: 0)
  private var home: URL?
  private let command: String

  /// Starts `executable` (`pipe` unless said) with `arguments` and exactly `environment`; a
  /// fresh temporary HOME when `environment` has none (removed when the program is waited
  /// for). `directory` is where it starts (the tests' own unless said).
  public init(
    _ arguments: [String], environment: [String: String], executable: String = Products.pipe,
    directory: URL? = nil, output outputKind: Stream = .pipe, errors errorKind: Stream = .pipe
  ) throws {
    guard FileManager.default.isExecutableFile(atPath: executable) else {
      throw MissingTestSetup("\(executable) is not built: run swift build --build-tests")
    }
    var environment = environment
    if environment["HOME"] == nil {
      let home = try TemporaryFolder.make(prefix: "pipe-home")
      environment["HOME"] = home.path
      self.home = home
    }
    command = ([URL(fileURLWithPath: executable).lastPathComponent] + arguments).joined(separator: " ")
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = environment
    if let directory { process.currentDirectoryURL = directory }
    process.standardInput = input
    let out = try Collector(outputKind)
    let err = errorKind == .output ? nil : try Collector(errorKind)
    process.standardOutput = out.writer
    process.standardError = err?.writer ?? out.writer
    process.terminationHandler = { [exited] _ in exited.signal() }
    do {
      try process.run()
    } catch {
      removeHome()
      throw error
    }
    out.closeWriter()
    err?.closeWriter()
    collect(out, isError: false)
    if let err { collect(err, isError: true) }
  }

  deinit {
    if process.isRunning { killGroup() }
    removeHome()
  }

  public var pid: Int32 { process.processIdentifier }
  public var isRunning: Bool { process.isRunning }
  /// Standard output so far (with standard error too, when it was sent there).
  public var stdout: String { received.text(isError: false) }
  public var stderr: String { received.text(isError: true) }

  /// Writes to the program's standard input.
  public func send(_ text: String) {
    try? input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
  }

  /// Writes bytes as they are (not necessarily UTF-8) to the program's standard input.
  public func send(bytes: [UInt8]) {
    try? input.fileHandleForWriting.write(contentsOf: Data(bytes))
  }

  public func closeInput() {
    try? input.fileHandleForWriting.close()
  }

  /// Sends `number` to the program itself (not its group).
  public func signal(_ number: Int32) {
    kill(process.processIdentifier, number)
  }

  /// Waits until standard output holds `text` `count` times; false after `timeout` seconds.
  public func waitForOutput(_ text: String, count: Int = 1, timeout: TimeInterval = 20) -> Bool {
    waitForOutput(timeout: timeout) { $0.components(separatedBy: text).count - 1 >= count }
  }

  /// Waits until standard output satisfies `done`; false after `timeout` seconds.
  public func waitForOutput(timeout: TimeInterval = 20, until done: (String) -> Bool) -> Bool {
    received.wait(until: Date(timeIntervalSinceNow: timeout)) { done(String(decoding: $0, as: UTF8.self)) }
  }

  /// Closes its input and waits for the program to end; after `timeout` seconds kills its
  /// whole process group and tells `killed` why, with what it printed.
  public func wait(timeout: TimeInterval, killed: (String) -> Void) -> PipeRun {
    closeInput()
    var ended = exited.wait(timeout: .now() + timeout) == .success
    if !ended {
      let seen = processState(process.processIdentifier)
      killGroup()
      // Foundation learns of the exit through a descriptor the children inherit: one that
      // left the group would hold it open. Do not wait for ever.
      ended = exited.wait(timeout: .now() + 10) == .success
      killed(
        "\(command) did not end within \(timeout) s and was killed; it printed:\n\(stdout)\n\(stderr)"
          + "\nwhat it was doing when the time was up (/proc):\n\(seen)")
    }
    _ = received.wait(until: Date(timeIntervalSinceNow: 10)) { _ in received.openStreams == 0 }
    removeHome()
    guard ended else { return PipeRun(status: -1, signaled: true, stdout: stdout, stderr: stderr) }
    return PipeRun(
      status: process.terminationStatus, signaled: process.terminationReason == .uncaughtSignal,
      stdout: stdout, stderr: stderr)
  }

  /// Kills the program and everything it started (its process group), and reaps it.
  public func killGroup() {
    kill(-process.processIdentifier, SIGKILL)
    kill(process.processIdentifier, SIGKILL)
  }

  private func removeHome() {
    if let home { try? FileManager.default.removeItem(at: home) }
    home = nil
  }

  /// Reads `stream` on a thread of its own until it ends. The thread holds only what it
  /// fills, so that dropping the `Spawned` kills the program even while it still writes.
  private func collect(_ stream: Collector, isError: Bool) {
    let received = self.received
    received.opened()
    Thread {
      let descriptor = stream.reader  // the thread holds the stream: its descriptor stays open
      var buffer = [UInt8](repeating: 0, count: 1 << 16)
      while true {
        let count = read(descriptor, &buffer, buffer.count)
        if count < 0 && errno == EINTR { continue }
        if count <= 0 { break }  // the end, or EIO once a terminal's last follower closed
        received.append(buffer[0..<count], isError: isError)
      }
      received.closed()
    }.start()
  }

  /// What the program wrote so far, filled by the reading threads.
  private final class Received: @unchecked Sendable {
    private let condition = NSCondition()
    private var output = Data()
    private var errors = Data()
    private var open = 0

    var openStreams: Int { open }  // read only inside `wait`, under the lock

    func opened() { condition.withLock { open += 1 } }

    func closed() {
      condition.withLock {
        open -= 1
        condition.broadcast()
      }
    }

    func append(_ bytes: ArraySlice<UInt8>, isError: Bool) {
      condition.withLock {
        if isError { errors.append(contentsOf: bytes) } else { output.append(contentsOf: bytes) }
        condition.broadcast()
      }
    }

    func text(isError: Bool) -> String {
      condition.withLock { String(decoding: isError ? errors : output, as: UTF8.self) }
    }

    /// Waits until `done` holds for standard output (called with the lock held); false at `end`.
    func wait(until end: Date, _ done: (Data) -> Bool) -> Bool {
      condition.lock()
      defer { condition.unlock() }
      while !done(output) {
        guard condition.wait(until: end) else { return false }
      }
      return true
    }
  }

  /// One end the program writes to, the other the test reads: a pipe or a pseudo-terminal.
  private struct Collector: @unchecked Sendable {
    let terminal: PseudoTerminal?
    let pipe: Pipe?

    init(_ kind: Stream) throws {
      terminal = kind == .terminal ? try PseudoTerminal() : nil
      pipe = kind == .terminal ? nil : Pipe()
    }

    var writer: Any { terminal?.follower ?? pipe!.fileHandleForWriting }
    var reader: Int32 { terminal?.leaderDescriptor ?? pipe!.fileHandleForReading.fileDescriptor }

    func closeWriter() {
      terminal?.closeFollower()
      try? pipe?.fileHandleForWriting.close()
    }
  }
}

/// How a run of a program ended, and what it wrote.
public struct PipeRun: Sendable {
  public var status: Int32
  /// Whether it was ended by a signal (a crash, or the test's timeout) rather than exiting.
  public var signaled: Bool
  /// Standard output (with standard error too, when the run interleaved them).
  public var stdout: String
  public var stderr: String

  public init(status: Int32, signaled: Bool, stdout: String, stderr: String) {
    self.status = status
    self.signaled = signaled
    self.stdout = stdout
    self.stderr = stderr
  }

  /// Everything it printed: standard output, then standard error (with `errors: .output`,
  /// both in the order written, as a terminal shows them).
  public var output: String { stdout + stderr }

  /// Standard output's lines that are not empty.
  public var stdoutLines: [String] { stdout.split(separator: "\n").map(String.init) }

  /// Whether it exited by itself, with status 0 or 1 (1: an error reached a sink unhandled).
  public var exitedNormally: Bool { !signaled && (status == 0 || status == 1) }
}

/// Another program (make, xmllint, prove, bash) run to its end with the tests' own
/// environment: `Program.run` (XCTestSupport.swift).
public enum Program {}

/// The CPU time (user and system, in seconds) process `pid` has used so far, from
/// /proc/PID/stat: a test sees that a program is busy (a runaway runs) or idle.
public func cpuSeconds(ofProcess pid: Int32) throws -> Double {
  let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
  let fields = stat[stat.index(after: stat.lastIndex(of: ")")!)...].split(separator: " ")
  let ticks = (Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0)  // utime, stime
  return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
}

/// Checks `done` every 20 ms and returns true once it holds; past `deadline` seconds it calls
/// `failed` with `what` and returns false. Tests call the form that fails the test
/// (XCTestSupport.swift).
public func waitUntil(
  deadline: TimeInterval, _ what: @autoclosure () -> String, failed: (String) -> Void,
  _ done: () throws -> Bool
) rethrows -> Bool {
  let end = Date(timeIntervalSinceNow: deadline)
  while Date() < end {
    if try done() { return true }
    Thread.sleep(forTimeInterval: 0.02)
  }
  if try done() { return true }
  failed("\(what()) (waited \(deadline) s)")
  return false
}

/// What process `pid` and its children were doing, from /proc: each one's state (R, S, T for
/// stopped, Z) and each thread's state and kernel wait channel. A test whose program did not
/// end says so, to tell a program stuck on a lock or a pipe from one that has ended unseen or
/// was stopped (the clean-clone `make test` of 69d4a1a had two such runs, once each).
public func processState(_ pid: Int32) -> String {
  func read(_ path: String) -> String {
    let text = try? String(contentsOfFile: path, encoding: .utf8)
    return text?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
  }
  func describe(_ pid: Int32, _ indent: String) -> [String] {
    let stat = read("/proc/\(pid)/stat")
    guard stat != "?", let close = stat.lastIndex(of: ")") else { return ["\(indent)\(pid): gone"] }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    let command = read("/proc/\(pid)/cmdline").replacingOccurrences(of: "\0", with: " ")
    let group = fields.count > 2 ? fields[2] : "?"
    var lines = ["\(indent)\(pid) state \(fields.first ?? "?") group \(group): \(command)"]
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    for task in tasks.sorted() {
      let taskStat = read("/proc/\(pid)/task/\(task)/stat")
      let state = taskStat.lastIndex(of: ")").map { taskStat[$0...].dropFirst(2).prefix(1) } ?? "?"
      lines.append("\(indent)  thread \(task) \(state) \(read("/proc/\(pid)/task/\(task)/wchan"))")
    }
    let children = tasks.flatMap { read("/proc/\(pid)/task/\($0)/children").split(separator: " ") }
    return lines + children.compactMap { Int32($0) }.flatMap { describe($0, indent + "  ") }
  }
  return describe(pid, "").joined(separator: "\n")
}

/// Whether process `pid` has ended: gone, or a zombie, which holds nothing.
public func hasEnded(process pid: Int32) -> Bool {
  guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
  return stat[stat.index(after: stat.lastIndex(of: ")")!)...].split(separator: " ").first == "Z"
}
