// How long a person waits for pipe: from exec to the first prompt on a terminal (a pty), and
// the whole of `pipe -e 'just 1'`. Median of many runs; the target is 30 ms for both.
//
//     swift build -c release --product pipe && swift run -c release StartupBenchmark
//     swift run StartupBenchmark .build/debug/pipe 20
import Foundation

let arguments = CommandLine.arguments.dropFirst()
let binary = arguments.first ?? ".build/release/pipe"
let runs = arguments.dropFirst().first.flatMap(Int.init) ?? 40
let target = 30.0

guard FileManager.default.isExecutableFile(atPath: binary) else {
  print("no pipe at \(binary): build it first (swift build -c release --product pipe)")
  exit(2)
}

/// A fresh HOME, so history and settings files start empty and the user's are untouched.
let home = FileManager.default.temporaryDirectory.appendingPathComponent("pipe-bench-\(getpid())").path
try? FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: home) }
let environment = ["HOME=\(home)", "TERM=xterm-256color", "LANG=C.UTF-8", "NO_COLOR=1", "PATH=/usr/bin:/bin"]

func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e6 }

/// Spawns `binary arguments` with the given descriptors as its standard input, output, error.
func spawn(_ arguments: [String], stdin: Int32, stdout: Int32, stderr: Int32) -> pid_t {
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_adddup2(&actions, stdin, 0)
  posix_spawn_file_actions_adddup2(&actions, stdout, 1)
  posix_spawn_file_actions_adddup2(&actions, stderr, 2)
  let argv = ([binary] + arguments).map { strdup($0) } + [nil]
  let envp = environment.map { strdup($0) } + [nil]
  defer { (argv + envp).forEach { free($0) } }
  var pid: pid_t = 0
  guard posix_spawn(&pid, binary, &actions, nil, argv, envp) == 0 else {
    print("cannot start \(binary)")
    exit(2)
  }
  return pid
}

func wait(_ pid: pid_t) {
  var status: Int32 = 0
  while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
}

/// The pty calls, which Swift's Glibc module does not show (they need _XOPEN_SOURCE).
enum PTY {
  typealias IntFunction = @convention(c) (Int32) -> Int32
  typealias NameFunction = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?

  static func symbol<T>(_ name: String, as type: T.Type) -> T {
    guard let pointer = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else {
      print("no \(name) in libc")
      exit(2)
    }
    return unsafeBitCast(pointer, to: type)
  }

  static let open = symbol("posix_openpt", as: IntFunction.self)
  static let grant = symbol("grantpt", as: IntFunction.self)
  static let unlock = symbol("unlockpt", as: IntFunction.self)
  static let name = symbol("ptsname", as: NameFunction.self)
}

/// Milliseconds from spawning `pipe` on a pty to reading its prompt.
func timeToPrompt() -> Double {
  let master = PTY.open(O_RDWR | O_NOCTTY)
  guard master >= 0, PTY.grant(master) == 0, PTY.unlock(master) == 0, let name = PTY.name(master) else {
    print("cannot open a pty")
    exit(2)
  }
  let slave = open(name, O_RDWR | O_NOCTTY)
  let start = now()
  let pid = spawn([], stdin: slave, stdout: slave, stderr: slave)
  close(slave)
  var seen: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 4096)
  while !String(decoding: seen, as: UTF8.self).contains("pipe> ") {
    let count = read(master, &buffer, buffer.count)
    if count <= 0 { break }
    seen += buffer[..<count]
  }
  let elapsed = now() - start
  // Not Ctrl-D: libedit sets the terminal raw only when it reads its first key, and an EOF
  // typed before that, still in canonical mode, can be lost. Nobody types that fast.
  kill(pid, SIGTERM)
  wait(pid)
  close(master)
  return elapsed
}

/// Milliseconds for the whole of `pipe -e 'just 1'`.
func timeOfOneLiner() -> Double {
  let null = open("/dev/null", O_RDWR)
  defer { close(null) }
  let start = now()
  wait(spawn(["-e", "just 1"], stdin: null, stdout: null, stderr: null))
  return now() - start
}

func report(_ name: String, _ samples: [Double]) -> Bool {
  let sorted = samples.sorted()
  let median = sorted[sorted.count / 2]
  let p90 = sorted[min(sorted.count - 1, sorted.count * 9 / 10)]
  let verdict = median <= target ? "ok" : "OVER"
  print(
    name.padding(toLength: 28, withPad: " ", startingAt: 0)
      + String(
        format: "median %6.1f ms   min %6.1f   p90 %6.1f   (target ≤ %.0f ms: %@)", median, sorted[0], p90,
        target, verdict))
  return median <= target
}

print("\(binary), \(runs) runs each")
_ = timeToPrompt()  // warm the page cache
let prompt = report("exec to first prompt (pty)", (0..<runs).map { _ in timeToPrompt() })
let oneLiner = report("pipe -e 'just 1'", (0..<runs).map { _ in timeOfOneLiner() })
exit(prompt && oneLiner ? 0 : 1)
