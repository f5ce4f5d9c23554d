// pipe-fake-api: the fake web APIs on their own, for trying the live clients by hand.
//
//     pipe-fake-api [PORT] [WEATHER-FAULTS] [AIRQUALITY-FAULTS]
//     pipe-fake-api 8080 "500,500,ok"
//
// `pipe fake-api` is the same server inside the pipe command, with keys to switch the faults.
import FakeAPI
import Foundation
import SourceCore

let usage = """
  usage: pipe-fake-api [PORT] [WEATHER-FAULTS] [AIRQUALITY-FAULTS]

  Serves fake OpenWeatherMap and AirVisual APIs on 127.0.0.1:PORT (0 or none: any free
  port), with the fault plans given (e.g. 500,500,ok or rate(0.3); none by default).
  Switch faults while it runs with curl:
    curl -X POST 'http://127.0.0.1:PORT/_control/faults?weather=503&airquality=none'
  `pipe fake-api --help` tells more; it is the same server, with keys to switch faults.

  """

/// Writes `message` and the usage line to standard error and exits 64 (EX_USAGE).
func usageError(_ message: String) -> Never {
  FileHandle.standardError.write(Data("pipe-fake-api: \(message)\n\(usage.prefix { $0 != "\n" })\n".utf8))
  exit(64)
}

let arguments = CommandLine.arguments.dropFirst().map { $0 }
if arguments.contains(where: { ["-h", "--help", "-help", "help"].contains($0) }) {
  print(usage, terminator: "")
  exit(0)
}
if let option = arguments.first(where: { $0.hasPrefix("-") }) { usageError("unknown option '\(option)'") }
if arguments.count > 3 { usageError("too many arguments") }
guard let port = arguments.isEmpty ? 0 : UInt16(arguments[0]) else {
  usageError("'\(arguments[0])' is not a port (0-65535)")
}
var faults = FakeAPIFaults()
do {
  if arguments.count > 1 { faults.weather = try FaultPlan(parsing: arguments[1]) }
  if arguments.count > 2 { faults.airquality = try FaultPlan(parsing: arguments[2]) }
} catch {
  usageError(error.message)
}
let server = FakeAPIServer(port: port, faults: faults)
let chosen = try await server.start()
print("fake-api listening on http://127.0.0.1:\(chosen)  (control: GET /_control)")
fflush(nil)
while true { try await Task.sleep(nanoseconds: 3_600_000_000_000) }
