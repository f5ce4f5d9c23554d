// How long a person waits for pipe: from exec to the first prompt on a terminal (a pty), and
// the whole of `pipe -e 'just 1'` beside a Swift hello-world that imports Foundation, run
// alternately in the same loop so both meet the same load. The hello-world is compiled here by
// `swiftc -O` as anyone would (the Swift libraries shared), and once more with
// `-static-stdlib` (as `make release` links pipe) for comparison. Medians of many runs; peak
// memory is each child's maximum resident set (wait4).
// Targets: `pipe -e 'just 1'` within 1.5× the hello-world's time, ≤ 20 MB peak; prompt ≤ 30 ms;
// pipe started as its built-in weather plugin (as installed) to its hello ≤ 20 ms.
//
//     make bench-startup         builds pipe as shipped (make release), then the line below
//     swift run -c release --static-swift-stdlib StartupBenchmark [PIPE] [RUNS] [--json]
import Foundation

let json = CommandLine.arguments.contains("--json")
let arguments = CommandLine.arguments.dropFirst().filter { $0 != "--json" }
let binary = arguments.first ?? ".build/release/pipe"
let runs = arguments.dropFirst().first.flatMap(Int.init) ?? 40
let target = 30.0

guard FileManager.default.isExecutableFile(atPath: binary) else {
  print("no pipe at \(binary): build it first (make release)")
  exit(2)
}

/// A fresh HOME, where the hello-worlds are compiled too; removed at the end.
let home = FileManager.default.temporaryDirectory.appendingPathComponent("pipe-bench-\(getpid())").path
try? FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)

/// Compiles the hello-world with `swiftc -O` and `flags`; the executable's path.
func compileHello(_ name: String, _ flags: [String]) -> String {
  let source = home + "/hello.swift"
  try? "import Foundation\n\nprint(\"hello\")\n".write(toFile: source, atomically: true, encoding: .utf8)
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = ["swiftc", "-O"] + flags + [source, "-o", home + "/" + name]
  process.standardOutput = FileHandle.nullDevice
  do { try process.run() } catch {
    print("cannot run swiftc: \(error)")
    exit(2)
  }
  process.waitUntilExit()
  guard process.terminationStatus == 0 else {
    print("swiftc failed on the hello-world (\(flags))")
    exit(2)
  }
  return home + "/" + name
}

let hello = compileHello("hello", [])
let helloStatic = compileHello("hello-static", ["-static-stdlib"])

let environment = ["HOME=\(home)", "TERM=xterm-256color", "LANG=C.UTF-8", "NO_COLOR=1", "PATH=/usr/bin:/bin"]

func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e6 }

/// Spawns `binary arguments` (or `path`'s) with the given descriptors as its standard input, output, error.
func spawn(_ arguments: [String], path: String = binary, stdin: Int32, stdout: Int32, stderr: Int32) -> pid_t
{
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_adddup2(&actions, stdin, 0)
  posix_spawn_file_actions_adddup2(&actions, stdout, 1)
  posix_spawn_file_actions_adddup2(&actions, stderr, 2)
  let argv = ([path] + arguments).map { strdup($0) } + [nil]
  let envp = environment.map { strdup($0) } + [nil]
  defer { (argv + envp).forEach { free($0) } }
  var pid: pid_t = 0
  guard posix_spawn(&pid, path, &actions, nil, argv, envp) == 0 else {
    print("cannot start \(path)")
    exit(2)
  }
  return pid
}

/// Waits for `pid`; returns its peak resident memory in MB.
@discardableResult func wait(_ pid: pid_t) -> Double {
  var status: Int32 = 0
  var usage = rusage()
  while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
  return Double(usage.ru_maxrss) / 1024
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

/// Milliseconds for the whole of `path arguments`, and its peak memory in MB.
func timeOfRun(_ path: String, _ arguments: [String]) -> (ms: Double, mb: Double) {
  let null = open("/dev/null", O_RDWR)
  defer { close(null) }
  let start = now()
  let mb = wait(spawn(arguments, path: path, stdin: null, stdout: null, stderr: null))
  return (now() - start, mb)
}

/// pipe as its built-in weather plugin (`make install` links that name to pipe): a link of
/// that name in HOME.
let plugin = home + "/pipe-plugin-weather"
try? FileManager.default.createSymbolicLink(
  atPath: plugin, withDestinationPath: URL(fileURLWithPath: binary).standardizedFileURL.path)

/// Milliseconds from spawning `plugin` to reading its hello line, and its peak memory in MB
/// (the host then closes its input, and it ends).
func timeToHello() -> (ms: Double, mb: Double) {
  var input: [Int32] = [0, 0]
  var output: [Int32] = [0, 0]
  // The host's ends close on exec, or the plugin would hold its own input open and never end.
  guard pipe(&input) == 0, pipe(&output) == 0 else {
    print("cannot make a pipe")
    exit(2)
  }
  _ = [input[1], output[0]].map { fcntl($0, F_SETFD, FD_CLOEXEC) }
  let null = open("/dev/null", O_RDWR)
  let start = now()
  let pid = spawn([], path: plugin, stdin: input[0], stdout: output[1], stderr: null)
  [input[0], output[1], null].forEach { close($0) }
  var seen: [UInt8] = []
  var byte: UInt8 = 0
  while byte != UInt8(ascii: "\n"), read(output[0], &byte, 1) == 1 { seen.append(byte) }
  let elapsed = now() - start
  guard String(decoding: seen, as: UTF8.self).contains("\"hello\"") else {
    print("\(plugin) said no hello: \(String(decoding: seen.prefix(200), as: UTF8.self))")
    exit(2)
  }
  close(input[1])
  let mb = wait(pid)
  close(output[0])
  return (elapsed, mb)
}

func median(_ samples: [Double]) -> Double {
  let sorted = samples.sorted()
  return sorted.count % 2 == 1
    ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// One figure, as the table and `--json` show it.
struct Row {
  var name: String
  var value: Double
  var unit: String
  var target: String
  var met: Bool?
  var detail: String
}

func spread(_ samples: [Double]) -> String {
  let sorted = samples.sorted()
  return String(
    format: "median of %d, min %.1f, p90 %.1f", sorted.count, sorted[0],
    sorted[min(sorted.count - 1, sorted.count * 9 / 10)])
}

_ = timeToPrompt()  // warm the page cache
for path in [binary, hello, helloStatic] { _ = timeOfRun(path, path == binary ? ["-e", "just 1"] : []) }
let prompts = (0..<runs).map { _ in timeToPrompt() }
_ = timeToHello()
let hellos = (0..<runs).map { _ in timeToHello() }
// Alternately, so a change of load on the machine meets all three alike.
var pipeRuns: [(ms: Double, mb: Double)] = []
var helloRuns: [(ms: Double, mb: Double)] = []
var staticRuns: [(ms: Double, mb: Double)] = []
for _ in 0..<runs {
  pipeRuns.append(timeOfRun(binary, ["-e", "just 1"]))
  helloRuns.append(timeOfRun(hello, []))
  staticRuns.append(timeOfRun(helloStatic, []))
}
try? FileManager.default.removeItem(atPath: home)
let pipeMs = median(pipeRuns.map(\.ms))
let helloMs = median(helloRuns.map(\.ms))
let staticMs = median(staticRuns.map(\.ms))
let pipeMB = pipeRuns.map(\.mb).max() ?? 0
let rows = [
  Row(
    name: "startup.prompt_ms", value: median(prompts), unit: "ms", target: "≤ \(Int(target))",
    met: median(prompts) <= target, detail: "exec to first prompt on a pty, " + spread(prompts)),
  Row(
    name: "startup.just1_ms", value: pipeMs, unit: "ms", target: "", met: nil,
    detail: "pipe -e 'just 1', " + spread(pipeRuns.map(\.ms))),
  Row(
    name: "startup.hello_ms", value: helloMs, unit: "ms", target: "", met: nil,
    detail: "swiftc -O hello.swift (import Foundation), in turn with pipe, " + spread(helloRuns.map(\.ms))
      + String(format: "; peak %.1f MB", helloRuns.map(\.mb).max() ?? 0)),
  Row(
    name: "startup.just1_over_hello", value: pipeMs / helloMs, unit: "×", target: "≤ 1.5",
    met: pipeMs / helloMs <= 1.5, detail: "ratio of the two medians"),
  Row(
    name: "startup.hello_static_ms", value: staticMs, unit: "ms", target: "", met: nil,
    detail: "the same hello-world with -static-stdlib, in turn too, " + spread(staticRuns.map(\.ms))
      + String(format: "; peak %.1f MB; pipe / it: %.2f×", staticRuns.map(\.mb).max() ?? 0, pipeMs / staticMs)
  ),
  Row(
    name: "startup.just1_peak_mb", value: pipeMB, unit: "MB", target: "≤ 20", met: pipeMB <= 20,
    detail: "largest peak resident set of pipe's runs"),
  Row(
    name: "startup.plugin_hello_ms", value: median(hellos.map(\.ms)), unit: "ms", target: "≤ 20",
    met: median(hellos.map(\.ms)) <= 20,
    detail: "pipe started as pipe-plugin-weather (as installed), spawn to its hello line, "
      + spread(hellos.map(\.ms)) + String(format: "; peak %.1f MB", hellos.map(\.mb).max() ?? 0)),
]

if json {
  for row in rows {
    var object: [String: Any] = [
      "name": row.name, "value": row.value, "unit": row.unit, "detail": row.detail,
    ]
    if !row.target.isEmpty { object["target"] = row.target }
    if let met = row.met { object["met"] = met }
    let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    print(String(decoding: data, as: UTF8.self))
  }
} else {
  print("\(binary), \(runs) runs each")
  for row in rows {
    let verdict = row.met.map { $0 ? "met" : "MISSED" } ?? ""
    print(
      [
        row.name.padding(toLength: 26, withPad: " ", startingAt: 0),
        (String(format: "%8.2f ", row.value) + row.unit).padding(toLength: 12, withPad: " ", startingAt: 0),
        row.target.padding(toLength: 6, withPad: " ", startingAt: 0),
        verdict.padding(
          toLength: 6, withPad: " ", startingAt: 0), row.detail,
      ].joined(separator: "  "))
  }
}
exit(rows.allSatisfy { $0.met ?? true } ? 0 : 1)
