// `pipe fake-api` for a room: requests per second and p99 latency under
// `wrk -t2 -c100 -d20s` on loopback, and the server's memory across five such runs.
// Targets: ≥ 5,000 requests/s, p99 ≤ 20 ms, memory within 10 MB of where it started.
//
//     make bench-fake-api                                   installs wrk, then the line below
//     swift run -c release FakeAPIBenchmark                 five runs of 20 s each
//     swift run -c release FakeAPIBenchmark --runs 3 --seconds 10 --json
//
// The server is a `pipe-fake-api` process (the server of `pipe fake-api`, without its console),
// its request log discarded. The machine's load average is printed with the figures: on a busy
// machine the latency suffers first; the CPU time per request barely moves.
import Foundation

let options = Options(CommandLine.arguments.dropFirst())
guard let wrk = Wrk.executable else {
  print("wrk is not installed: run make bench-fake-api (it installs wrk), or apt-get install wrk")
  exit(2)
}
let products = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
  .deletingLastPathComponent()
let binary = products.appendingPathComponent("pipe-fake-api").path
guard FileManager.default.isExecutableFile(atPath: binary) else {
  print("no pipe-fake-api next to this executable (\(products.path)); build it first")
  exit(2)
}

let script = try Wrk.writeScript()
defer { try? FileManager.default.removeItem(atPath: script) }
let load = [loadAverage()]
let server = try Server(binary: binary)
defer { server.stop() }
var measured = Measured(server: server, startMB: server.residentMB)
let wrkRun = Wrk(seconds: options.seconds)
for run in 1...options.runs {
  let cpu = server.cpuSeconds
  let figures = try wrkRun.run(port: server.port, wrk: wrk, script: script)
  measured.record(figures, cpuSeconds: server.cpuSeconds - cpu)
  if !options.json {
    let line = String(
      format: "run %d: %.0f req/s, p99 %.1f ms, %.1f MB\n", run, figures.requestsPerSecond, figures.p99,
      server.residentMB)
    FileHandle.standardError.write(Data(line.utf8))
  }
}
let rows = Report(measured: measured, load: load + [loadAverage()], wrk: wrkRun).rows
if options.json { Report.printJSON(rows) } else { Report.printTable(rows) }
